import { parseConfig, sessionLimitsOf } from '@vellum/platform';
import { identityEnv } from '../src/config';

const good = {
  DATABASE_URL: 'postgres://u@localhost/db',
  KAFKA_BROKERS: '127.0.0.1:9092',
  INTERNAL_AUTH_SECRET: 'i'.repeat(32),
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_SECRET: 's'.repeat(32),
  PUBLIC_URL: 'https://vellum.example.com',
};

describe("identity's environment", () => {
  it('names the admins by email', () => {
    const env = parseConfig(identityEnv, { ...good, ADMIN_EMAILS: 'ada@example.com, bob@example.com' });
    expect(env.ADMIN_EMAILS).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('serves the dev mailbox only when DEV_MAILBOX=on, and never in production', () => {
    expect(parseConfig(identityEnv, good).DEV_MAILBOX).toBe(false);
    expect(parseConfig(identityEnv, { ...good, DEV_MAILBOX: 'on' }).DEV_MAILBOX).toBe(true);
    expect(() => parseConfig(identityEnv, { ...good, NODE_ENV: 'production', DEV_MAILBOX: 'on' })).toThrow(
      'Environment variable DEV_MAILBOX is invalid (is refused with NODE_ENV=production).',
    );
  });

  it('refuses to start with the retired ADMIN_USERNAMES, which anyone could claim by signing up', () => {
    // Empty (as an old values file renders it) changes nothing.
    expect(parseConfig(identityEnv, { ...good, ADMIN_USERNAMES: '' }).ADMIN_EMAILS).toEqual([]);
    expect(() => parseConfig(identityEnv, { ...good, ADMIN_USERNAMES: 'admin' })).toThrow(
      'Environment variable ADMIN_USERNAMES is invalid (is no longer read: name the admins by email in ADMIN_EMAILS).',
    );
  });

  it('reads the session time-outs: 12 hours idle and 14 days absolute unless set, whole positive numbers', () => {
    expect(sessionLimitsOf(parseConfig(identityEnv, good))).toEqual({
      idleMs: 12 * 3_600_000,
      absoluteMs: 14 * 24 * 3_600_000,
    });
    const set = parseConfig(identityEnv, {
      ...good,
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '24',
    });
    expect(sessionLimitsOf(set)).toEqual({ idleMs: 30 * 60_000, absoluteMs: 24 * 3_600_000 });
    expect(() => parseConfig(identityEnv, { ...good, SESSION_IDLE_MINUTES: '0' })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
    expect(() => parseConfig(identityEnv, { ...good, SESSION_ABSOLUTE_HOURS: '1.5' })).toThrow(
      /SESSION_ABSOLUTE_HOURS/,
    );
  });
});
