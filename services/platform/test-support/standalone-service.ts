import { randomUUID } from 'node:crypto';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  packEnvelope,
  timestampFromDate,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import {
  CALLER_HEADER,
  createInProcessBus,
  createOutboxRelay,
  migrate,
  mountService,
  signAssertion,
  type BusMessage,
  type Caller,
  type Db,
  type Logger,
  type ServiceDefinition,
} from '@vellum/platform';
import { createPgliteDb } from '@vellum/platform-pglite';
import { eventually } from './eventually';

/** What a service's `create...Service(ports)` receives in every test: add the service's own config around it. */
export interface StandalonePorts {
  db: Db;
  logger: Logger;
  clock: () => Date;
  wakeOutbox: () => void;
  internalAuthSecret: string;
}

export interface StandaloneOptions {
  /** Topics whose messages are collected in `published` (the service's own, usually). */
  observe: string[];
}

/**
 * One service alone on in-memory PGlite and the in-process bus, migrated, with its relay and subscriptions
 * running: called as the gateway calls it (`as(caller)`), fed other services' events as their relays would
 * (`deliver`), and what it publishes on the observed topics collected in `published`.
 */
export async function standaloneService(
  define: (ports: StandalonePorts) => ServiceDefinition,
  options: StandaloneOptions,
) {
  const logger = pino({ level: 'silent' });
  const db = await createPgliteDb({});
  const bus = createInProcessBus({ logger });
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  const published: BusMessage[] = [];
  const internalAuthSecret = 'i'.repeat(32);
  let wake = () => {};
  const service = define({
    db,
    logger,
    clock: () => clock.now,
    wakeOutbox: () => wake(),
    internalAuthSecret,
  });
  await migrate(db, service.schema, service.migrations);
  const relay = createOutboxRelay({ db, schema: service.schema, bus, logger, pollIntervalMs: 20 });
  wake = () => relay.wake();
  relay.start();
  for (const subscription of service.subscriptions) await bus.subscribe(subscription);
  await bus.subscribe({
    group: 'test-observer',
    topics: options.observe,
    handler: async (message) => void published.push(message),
  });
  const app = mountService(express(), service, logger);

  /** Requests as `who` (with the gateway's signed assertion) or, without one, as a visitor. */
  const as = (who?: Caller) => {
    const sign = <T extends request.Test>(test: T): T =>
      who ? test.set(CALLER_HEADER, signAssertion(who, internalAuthSecret)) : test;
    return {
      get: (path: string) => sign(request(app).get(path)),
      post: (path: string, body?: object | string) => sign(request(app).post(path)).send(body),
      put: (path: string, body?: object) => sign(request(app).put(path)).send(body),
      delete: (path: string) => sign(request(app).delete(path)),
    };
  };

  /**
   * Publishes one event of another service and resolves once the service's inbox recorded it (every
   * subscription of the service goes through the idempotent inbox). Returns the event id.
   */
  const deliver = async <D extends DescMessage>(event: {
    topic: string;
    producer: string;
    key: string;
    schema: D;
    payload: MessageInitShape<D>;
    id?: string;
  }): Promise<string> => {
    const id = event.id ?? randomUUID();
    const value = packEnvelope({
      id,
      producer: event.producer,
      aggregateId: event.key,
      payloadSchema: event.schema,
      payload: event.payload,
    });
    await bus.publish([{ id, topic: event.topic, key: event.key, type: event.schema.typeName, value }]);
    await eventually(async () => {
      const { rows } = await db.query(`SELECT 1 FROM ${service.schema}.inbox WHERE event_id = $1`, [id]);
      return rows.length > 0 || undefined;
    });
    return id;
  };

  /** `deliver` for one producer's topic, called as `(schema, key, payload, id?)`. */
  const eventsOf =
    (producer: string, topic: string) =>
    <D extends DescMessage>(schema: D, key: string, payload: MessageInitShape<D>, id?: string) =>
      deliver({ topic, producer, key, schema, payload, id });

  /**
   * A cirrus identity announced (CirrusCreated on identity.cirrus.v1): a new id, the username `<first>.<8 hex>` and
   * the display name `<first> Lovelace`.
   */
  const announceCirrus = async (first = 'Ada') => {
    const id = randomUUID();
    const cirrus = {
      id,
      username: `${first.toLowerCase()}.${id.slice(0, 8)}`,
      displayName: `${first} Lovelace`,
    };
    await eventsOf('identity', Topics.identityCirrus)(CirrusCreatedSchema, id, {
      cirrusId: id,
      username: cirrus.username,
      displayName: cirrus.displayName,
      email: `${id}@example.com`,
    });
    return cirrus;
  };

  /** identity's CirrusProfileChanged for a cirrus announced before: the change over its names, no image by default. */
  const changeProfile = (
    cirrus: { id: string; username: string; displayName: string },
    change: { username?: string; displayName?: string; image?: string },
    id?: string,
  ) =>
    eventsOf('identity', Topics.identityCirrus)(
      CirrusProfileChangedSchema,
      cirrus.id,
      {
        cirrusId: cirrus.id,
        username: change.username ?? cirrus.username,
        displayName: change.displayName ?? cirrus.displayName,
        image: change.image ?? '',
      },
      id,
    );

  /** identity's CirrusDeleted for a cirrus announced before (the same `id` again is the event redelivered). */
  const deleteCirrus = (cirrus: { id: string; username: string }, id?: string) =>
    eventsOf('identity', Topics.identityCirrus)(
      CirrusDeletedSchema,
      cirrus.id,
      { cirrusId: cirrus.id, username: cirrus.username, deletedAt: timestampFromDate(clock.now) },
      id,
    );

  return {
    app,
    db,
    bus,
    clock,
    published,
    as,
    deliver,
    eventsOf,
    announceCirrus,
    changeProfile,
    deleteCirrus,
    async close() {
      await relay.stop();
      await bus.close();
      await db.close();
    },
  };
}
