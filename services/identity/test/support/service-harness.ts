import pino from 'pino';
import { MemorySessionStore } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { standaloneService } from '../../../platform/test/support/standalone-service';
import { createIdentityService } from '../../src/service';
import { DevMailbox } from '../../src/mail/dev-mailbox';
import type { PasswordHasher } from '../../src/domain/passwords';

/** Fast stand-in for argon2 in service tests only (the real hasher has its own test and the e2e suites use it). */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (h, p) => h === `plain:${p}`,
};

/** Identity on in-memory PGlite and the in-process bus, with a clock the test moves. */
export async function identityHarness() {
  const mailbox = new DevMailbox(pino({ level: 'silent' }));
  const sessions = new MemorySessionStore();
  const h = await standaloneService(
    ({ internalAuthSecret, ...ports }) =>
      createIdentityService({
        ...ports,
        sessionStore: sessions,
        mailer: mailbox,
        devMailbox: mailbox,
        hasher: plainHasher,
        config: {
          publicUrl: 'http://vellum.test',
          sessionSecret: 's'.repeat(32),
          internalAuthSecret,
          adminUsernames: ['Admin.User'],
          secureCookies: false,
        },
      }),
    { observe: [Topics.identityCirrus] },
  );
  return { ...h, mailbox, sessions };
}
