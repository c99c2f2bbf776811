import { z } from 'zod';
import { env, metricsEnvShape, parseConfig } from '../../src';

const schema = z.object({
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  SESSION_SECRET: env.secret(),
  KAFKA_BROKERS: env.brokers(),
  ADMIN_USERNAMES: env.list(),
});

const good = {
  DATABASE_URL: 'postgres://u@localhost/db',
  SESSION_SECRET: 's'.repeat(32),
  KAFKA_BROKERS: 'a:9092, b:9093',
};

describe('config', () => {
  it('parses a good environment with defaults and lists', () => {
    expect(parseConfig(schema, { ...good, ADMIN_USERNAMES: 'ada, bob,' })).toEqual({
      PORT: 8080,
      DATABASE_URL: good.DATABASE_URL,
      SESSION_SECRET: good.SESSION_SECRET,
      KAFKA_BROKERS: ['a:9092', 'b:9093'],
      ADMIN_USERNAMES: ['ada', 'bob'],
    });
  });

  it('names a missing variable in one line', () => {
    const { DATABASE_URL: _omitted, ...rest } = good;
    expect(() => parseConfig(schema, rest)).toThrow('Environment variable DATABASE_URL is missing.');
  });

  it('names a bad variable and why', () => {
    expect(() => parseConfig(schema, { ...good, SESSION_SECRET: 'short' })).toThrow(
      'Environment variable SESSION_SECRET is invalid (must be at least 32 characters).',
    );
    expect(() => parseConfig(schema, { ...good, KAFKA_BROKERS: 'nope' })).toThrow(/KAFKA_BROKERS is invalid/);
    expect(() => parseConfig(schema, { ...good, PORT: 'eighty' })).toThrow(/PORT is invalid/);
  });

  it("reads METRICS_PORT as a port, 9464 by default, or 'off'", () => {
    const metrics = z.object(metricsEnvShape);
    expect(parseConfig(metrics, {})).toEqual({ METRICS_PORT: 9464 });
    expect(parseConfig(metrics, { METRICS_PORT: '0' })).toEqual({ METRICS_PORT: 0 });
    expect(parseConfig(metrics, { METRICS_PORT: 'off' })).toEqual({ METRICS_PORT: undefined });
    for (const bad of ['no', '70000', '-1', 'Off'])
      expect(() => parseConfig(metrics, { METRICS_PORT: bad })).toThrow(
        "Environment variable METRICS_PORT is invalid (must be a port number (0 to 65535) or 'off').",
      );
  });
});
