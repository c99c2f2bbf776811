import pino from 'pino';
import request from 'supertest';
import {
  memoryLimiters,
  MemorySessionStore,
  type LimiterFactory,
  type Registry,
  type ServiceDefinition,
  type SessionLimits,
} from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { eventually, newAccount, standaloneService } from '@vellum/platform/test-support';
import { createIdentityService } from '../../src/service';
import { DevMailbox } from '../../src/mail/dev-mailbox';
import type { Mailer } from '../../src/mail/mailer';
import type { MailRelaySettings } from '../../src/mail/mail-relay';
import type { PasswordHasher } from '../../src/domain/passwords';

/** Fast stand-in for argon2 in service tests only (the real hasher has its own test and the e2e suites use it). */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (h, p) => h === `plain:${p}`,
};

export interface IdentityHarnessOptions {
  /** What sends the mail, given the dev mailbox that `mailbox` and `mailTo` read (default: that mailbox). */
  mailer?: (mailbox: DevMailbox) => Mailer;
  mailRelay?: MailRelaySettings;
  /** The sign-in throttle's limits (default: memory). */
  limiters?: LimiterFactory;
  /** Default: `plainHasher`. */
  hasher?: PasswordHasher;
  /** The session time-outs (default: the product's defaults). */
  sessionLimits?: SessionLimits;
  /** Secure cookies (as behind an https PUBLIC_URL); default false. */
  secureCookies?: boolean;
  /** A metrics registry for the service's own series (the mail relay's). */
  metrics?: Registry;
}

/**
 * Identity on in-memory PGlite and the in-process bus, with a clock the test moves and its workers (the mail relay)
 * running. Mail leaves after the answer: read it with `mailTo`, which waits for it.
 */
export async function identityHarness(options: IdentityHarnessOptions = {}) {
  const mailbox = new DevMailbox(pino({ level: 'silent' }));
  const sessions = new MemorySessionStore();
  let service: ServiceDefinition | undefined;
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      (service = createIdentityService({
        ...ports,
        sessionStore: sessions,
        limiters: options.limiters ?? memoryLimiters,
        mailer: options.mailer?.(mailbox) ?? mailbox,
        devMailbox: mailbox,
        hasher: options.hasher ?? plainHasher,
        mailRelay: { pollIntervalMs: 50, ...options.mailRelay },
        metrics: options.metrics,
        config: {
          publicUrl: 'http://vellum.test',
          sessionSecret: 's'.repeat(32),
          internalAuthSecret,
          adminEmails: ['Admin@Vellum.test'],
          secureCookies: options.secureCookies ?? false,
          ...(options.sessionLimits && { sessionLimits: options.sessionLimits }),
        },
      })),
    { observe: [Topics.identityCirrus] },
  );
  // standaloneService migrates but leaves workers alone; start them as the composition roots do.
  const workers = service!.workers ?? [];
  for (const worker of workers) worker.start();

  /** The newest link mailed to `email` whose path starts with `pathPrefix`, once it has been sent. */
  const mailTo = (email: string, pathPrefix = '/') =>
    eventually(() => {
      const link = mailbox
        .list(email)
        .flatMap((m) => m.links)
        .find((l) => new URL(l).pathname.startsWith(pathPrefix));
      return link ? new URL(link) : undefined;
    }, 5_000);

  /** Waits until the mail relay has nothing left to prepare or send (rows kept after the last attempt aside). */
  const mailSettled = () =>
    eventually(async () => {
      const { rows } = await h.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity.mail_outbox WHERE attempts < $1`,
        [options.mailRelay?.maxAttempts ?? 10],
      );
      return rows[0]!.n === 0 || undefined;
    }, 10_000);

  /** A new account signed up and verified through the routes: its id and the account (username, email, password…). */
  const verifiedCirrus = async () => {
    const account = newAccount();
    await request(h.app).post('/api/cirrus/create').send(account).expect(201);
    const token = (await mailTo(account.email, '/verification/email/')).pathname.split('/').pop();
    await request(h.app).post('/api/verification/email').send({ email: account.email, token }).expect(200);
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM identity.cirri WHERE username = $1', [
      account.username,
    ]);
    return { id: rows[0]!.id, ...account };
  };

  return {
    ...h,
    mailbox,
    sessions,
    service: service!,
    mailTo,
    mailSettled,
    verifiedCirrus,
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await h.close();
    },
  };
}
