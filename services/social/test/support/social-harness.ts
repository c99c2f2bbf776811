import { randomUUID } from 'node:crypto';
import express from 'express';
import pino from 'pino';
import {
  CALLER_HEADER,
  createInProcessBus,
  createOutboxRelay,
  createPgliteDb,
  migrate,
  mountService,
  signAssertion,
  type BusMessage,
  type Caller,
  type Db,
} from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  packEnvelope,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { createSocialService } from '../../src/service';

const SECRET = 'i'.repeat(32);

export interface TestCirrus extends Caller {
  displayName: string;
}

/**
 * Social alone on in-memory PGlite and the in-process bus. Identity's events are published on the bus as identity
 * would; `published` collects what social puts on its own topic.
 */
export async function socialHarness() {
  const logger = pino({ level: 'silent' });
  const db: Db = await createPgliteDb({});
  const bus = createInProcessBus();
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  const published: BusMessage[] = [];
  let wake = () => {};
  const service = createSocialService({
    db,
    logger,
    clock: () => clock.now,
    wakeOutbox: () => wake(),
    config: { internalAuthSecret: SECRET },
  });
  await migrate(db, service.schema, service.migrations);
  const relay = createOutboxRelay({ db, schema: service.schema, bus, logger, pollIntervalMs: 20 });
  wake = () => relay.wake();
  relay.start();
  for (const subscription of service.subscriptions) await bus.subscribe(subscription);
  await bus.subscribe({
    group: 'test-observer',
    topics: [Topics.socialFollow],
    handler: async (message) => void published.push(message),
  });

  /** Publishes one identity event and resolves once social's inbox has recorded it. */
  async function identityEvent<D extends DescMessage>(
    schema: D,
    cirrusId: string,
    payload: MessageInitShape<D>,
    id: string = randomUUID(),
  ): Promise<string> {
    const value = packEnvelope({
      id,
      producer: 'identity',
      aggregateId: cirrusId,
      payloadSchema: schema,
      payload,
    });
    await bus.publish([{ id, topic: Topics.identityCirrus, key: cirrusId, type: schema.typeName, value }]);
    await eventually(async () => {
      const { rows } = await db.query('SELECT 1 FROM social.inbox WHERE event_id = $1', [id]);
      return rows.length === 1 || undefined;
    });
    return id;
  }

  /** A cirrus signed up (and, unless told otherwise, verified) at identity. */
  async function cirrus(
    username: string,
    options: { displayName?: string; verified?: boolean } = {},
  ): Promise<TestCirrus> {
    const id = randomUUID();
    const displayName = options.displayName ?? `${username} Lovelace`;
    await identityEvent(CirrusCreatedSchema, id, {
      cirrusId: id,
      username,
      email: `${id.slice(0, 8)}@example.com`,
      firstName: displayName.split(' ')[0] ?? displayName,
      lastName: displayName.split(' ').slice(1).join(' '),
      displayName,
    });
    if (options.verified ?? true) {
      await identityEvent(CirrusVerifiedSchema, id, { cirrusId: id, username });
    }
    return { id, username, displayName };
  }

  const profileChanged = (c: TestCirrus, change: { displayName: string; image: string }) =>
    identityEvent(CirrusProfileChangedSchema, c.id, {
      cirrusId: c.id,
      username: c.username,
      displayName: change.displayName,
      image: change.image,
    });

  return {
    app: mountService(express(), service, logger),
    db,
    clock,
    published,
    identityEvent,
    cirrus,
    profileChanged,
    /** The header the gateway sends for a signed-in caller. */
    as: (caller: Caller) => ({ [CALLER_HEADER]: signAssertion(caller, SECRET) }),
    async close() {
      await relay.stop();
      await bus.close();
      await db.close();
    },
  };
}

export type SocialHarness = Awaited<ReturnType<typeof socialHarness>>;

/** Polls `read` until it gives a value (or `ms` pass). */
export async function eventually<T>(
  read: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
