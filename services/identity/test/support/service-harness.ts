import express from 'express';
import pino from 'pino';
import {
  createInProcessBus,
  createOutboxRelay,
  createPgliteDb,
  MemorySessionStore,
  migrate,
  mountService,
  type BusMessage,
  type Db,
} from '@vellum/platform';
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
  const logger = pino({ level: 'silent' });
  const db: Db = await createPgliteDb({});
  const bus = createInProcessBus();
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  const mailbox = new DevMailbox(logger);
  const sessions = new MemorySessionStore();
  const published: BusMessage[] = [];
  let wake = () => {};
  const service = createIdentityService({
    db,
    sessionStore: sessions,
    mailer: mailbox,
    devMailbox: mailbox,
    hasher: plainHasher,
    logger,
    clock: () => clock.now,
    wakeOutbox: () => wake(),
    config: {
      publicUrl: 'http://vellum.test',
      sessionSecret: 's'.repeat(32),
      internalAuthSecret: 'i'.repeat(32),
      adminUsernames: ['Admin.User'],
      secureCookies: false,
    },
  });
  await migrate(db, service.schema, service.migrations);
  const relay = createOutboxRelay({ db, schema: service.schema, bus, logger, pollIntervalMs: 20 });
  wake = () => relay.wake();
  relay.start();
  for (const subscription of service.subscriptions) await bus.subscribe(subscription);
  await bus.subscribe({
    group: 'test-observer',
    topics: ['identity.cirrus.v1'],
    handler: async (message) => void published.push(message),
  });
  const app = mountService(express(), service, logger);
  return {
    app,
    db,
    clock,
    mailbox,
    sessions,
    published,
    bus,
    async close() {
      await relay.stop();
      await bus.close();
      await db.close();
    },
  };
}
