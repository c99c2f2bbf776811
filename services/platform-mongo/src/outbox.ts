import { randomUUID } from 'node:crypto';
import { Binary, type Collection, type Document, type Filter, type UpdateFilter } from 'mongodb';
import type { Logger } from 'pino';
import {
  type BusMessage,
  type EventBus,
  type OutboxBacklog,
  pollingLoop,
  reachFaultPoint,
  type RelayObserver,
} from '@vellum/platform';
import { isDuplicateKey } from './connect';

/**
 * The outbox of a MongoDB document (MongoDB has no outbox table, and FerretDB no multi-document transaction): the
 * document carries its own unpublished events. A write appends them in the SAME single-document update that makes
 * the change (`withPendingEvents`), so they are stored exactly when the change is; the relay publishes them and
 * removes them. Fields: `pendingEvents` (the messages, in order), `pendingSince` (set while any is pending: the
 * relay's index).
 */
export interface PendingEvent {
  id: string;
  topic: string;
  key: string;
  type: string;
  value: Binary;
}

export interface OutboxFields {
  pendingEvents?: PendingEvent[];
  pendingSince?: Date;
}

const toPending = (m: BusMessage): PendingEvent => ({
  id: m.id,
  topic: m.topic,
  key: m.key,
  type: m.type,
  value: new Binary(m.value),
});

const toMessage = (e: PendingEvent): BusMessage => ({
  id: e.id,
  topic: e.topic,
  key: e.key,
  type: e.type,
  value: new Uint8Array(e.value.buffer),
});

/** `update` plus the events it publishes: appended to the document's `pendingEvents` by the same update. */
export function withPendingEvents<T extends Document>(
  update: UpdateFilter<T>,
  messages: readonly BusMessage[],
  at: Date,
): UpdateFilter<T> {
  if (messages.length === 0) return update;
  return {
    ...update,
    $push: { ...(update.$push as object | undefined), pendingEvents: { $each: messages.map(toPending) } },
    $min: { ...(update.$min as object | undefined), pendingSince: at },
  } as unknown as UpdateFilter<T>;
}

/**
 * The outbox fields of a document INSERTED with the events it publishes (what `withPendingEvents` pushes and sets
 * on an update): none when there are no events.
 */
export function pendingEventFields(messages: readonly BusMessage[], at: Date): OutboxFields {
  return messages.length === 0 ? {} : { pendingEvents: messages.map(toPending), pendingSince: at };
}

/** The index the relay finds pending documents by; the composition root creates it at start with the others. */
export async function createOutboxIndex(collection: Collection<Document>): Promise<void> {
  await collection.createIndex({ pendingSince: 1 }, { name: 'outbox_pending', sparse: true });
}

/** The events still pending on a document (tests and operators). */
export function pendingMessages(doc: OutboxFields | null): BusMessage[] {
  return (doc?.pendingEvents ?? []).map(toMessage);
}

export interface MongoOutboxRelayOptions {
  /** The collections whose documents carry pending events. */
  collections: Array<Collection<Document>>;
  /** Where the relays of these collections take turns (one lock document, named by `lockName`). */
  locks: Collection<Document>;
  /** Names the lock: one per service (default `outbox`). */
  lockName?: string;
  bus: EventBus;
  logger: Logger;
  /** Told each round's published events and each failed round (the metrics). */
  observer?: RelayObserver;
  /** Documents published per round and collection (default 100). */
  batchSize?: number;
  /** Polling period when nobody calls `wake()` (default 200 ms). */
  pollIntervalMs?: number;
  /** Longest wait after failed publishes; it doubles per failure from `pollIntervalMs` (default 30 s). */
  maxBackoffMs?: number;
  /**
   * How long a relay's turn lasts unless renewed (default 10 s): a relay that dies in its turn holds the others off
   * this long. A turn renews its lease every third of it, so a long round (a publish waiting for Kafka) keeps it.
   */
  leaseMs?: number;
}

export interface MongoOutboxRelay {
  name: string;
  start(): void;
  stop(): Promise<void>;
  /** Nudges the loop to publish now; a writer calls it right after its update. */
  wake(): void;
  /** Publishes everything pending now, round by round; returns how many events (0 when another relay has the
   * turn). A failed publish is thrown. */
  flush(): Promise<number>;
}

/**
 * Publishes the pending events of the documents of `collections`. Of several replicas one relays at a time: a round
 * starts by INSERTING the lock document (a unique `_id`: the one write MongoDB and FerretDB 1.x both make atomic;
 * FerretDB applies updates as a read and a write, so two updates of one document can interleave), taking over a
 * lock whose lease ended, and ends by deleting it. A round publishes the pending documents' events, oldest first and
 * each document's in order, with ONE `bus.publish`, then removes exactly those events from each document
 * (`$pullAll` of the published elements: events appended meanwhile stay; FerretDB refuses `$pull` with a condition)
 * and drops `pendingSince` once none is left. A relay that dies after publishing leaves the events in place: the
 * next round publishes them again. Delivery is at least once; consumers drop duplicates by event id (the inbox).
 */
export function createMongoOutboxRelay(options: MongoOutboxRelayOptions): MongoOutboxRelay {
  const { collections, bus, logger, locks } = options;
  const lockId = options.lockName ?? 'outbox';
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 10_000;
  const holder = randomUUID();

  /** True when this relay has the turn now. */
  const takeTurn = async (): Promise<boolean> => {
    const now = new Date();
    await locks.deleteOne({ _id: lockId, until: { $lte: now } } as unknown as Filter<Document>);
    try {
      await locks.insertOne({ _id: lockId, holder, until: new Date(now.getTime() + leaseMs) } as Document);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  };
  const endTurn = () => locks.deleteOne({ _id: lockId, holder } as unknown as Filter<Document>);
  /**
   * Keeps the lease while a round lasts. If a renewal comes too late (another relay took an expired lease), both may
   * publish the same pending events for a while: delivery is at least once, and the inbox drops the repeats.
   */
  const keepTurn = () => {
    const timer = setInterval(() => {
      void locks
        .updateOne({ _id: lockId, holder } as unknown as Filter<Document>, {
          $set: { until: new Date(Date.now() + leaseMs) },
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'mongo outbox lease renewal failed'));
    }, leaseMs / 3);
    return () => clearInterval(timer);
  };

  const round = async (collection: Collection<Document>): Promise<{ count: number; more: boolean }> => {
    const docs = (await collection
      .find({ pendingSince: { $exists: true } })
      .sort({ pendingSince: 1 })
      .limit(batchSize)
      .toArray()) as Array<{ _id: unknown; pendingEvents?: PendingEvent[] }>;
    const messages = docs.flatMap((doc) => (doc.pendingEvents ?? []).map(toMessage));
    if (messages.length > 0) {
      reachFaultPoint('outbox-before-publish');
      await bus.publish(messages);
      reachFaultPoint('outbox-after-publish');
    }
    for (const doc of docs) {
      const filter = { _id: doc._id } as Filter<Document>;
      if (doc.pendingEvents?.length) {
        await collection.updateOne(filter, {
          $pullAll: { pendingEvents: doc.pendingEvents },
        } as unknown as UpdateFilter<Document>);
      }
      await collection.updateOne(
        { ...filter, pendingEvents: { $size: 0 } },
        { $unset: { pendingSince: '' } },
      );
    }
    return { count: messages.length, more: docs.length === batchSize };
  };

  let failures = 0;
  let flushing: Promise<unknown> = Promise.resolve();

  /** One round over every collection, in this relay's turn; rounds never overlap (the loop and `flush` take turns). */
  const roundAll = () => {
    const next = flushing.then(async () => {
      if (!(await takeTurn())) return { count: 0, more: false };
      let count = 0;
      let more = false;
      const stopRenewing = keepTurn();
      try {
        for (const collection of collections) {
          const outcome = await round(collection);
          count += outcome.count;
          more ||= outcome.more;
        }
      } finally {
        stopRenewing();
        await endTurn();
      }
      return { count, more };
    });
    flushing = next.catch(() => undefined);
    return next;
  };

  const poller = pollingLoop(async () => {
    let delayMs = pollIntervalMs;
    try {
      const { count, more } = await roundAll();
      if (count > 0) options.observer?.published(count);
      failures = 0;
      if (count > 0) logger.debug({ count }, 'mongo outbox events published');
      if (more) delayMs = 0;
    } catch (error) {
      failures++;
      options.observer?.failed();
      delayMs = Math.min(maxBackoffMs, pollIntervalMs * 2 ** failures);
      logger.warn({ err: error, failures, retryInMs: delayMs }, 'mongo outbox publish failed');
    }
    return { delayMs, wakeable: failures === 0 };
  });

  return {
    name: 'mongo-outbox-relay',
    start: poller.start,
    stop: poller.stop,
    wake: poller.wake,
    async flush() {
      let published = 0;
      for (;;) {
        const { count, more } = await roundAll().catch((error: unknown) => {
          options.observer?.failed();
          throw error;
        });
        if (count > 0) options.observer?.published(count);
        published += count;
        if (!more) return published;
      }
    },
  };
}

/**
 * The events the documents of `collections` carry and have not published, and how long the oldest has waited (the
 * metrics' backlog). Counted by unwinding `pendingEvents`: FerretDB 1.x has neither `$size` nor `$min` in a pipeline.
 */
export async function mongoOutboxBacklog(collections: Array<Collection<Document>>): Promise<OutboxBacklog> {
  let pending = 0;
  let oldest: Date | undefined;
  for (const collection of collections) {
    const [counted] = await collection
      .aggregate<{ n: number }>([
        { $match: { pendingSince: { $exists: true } } },
        { $unwind: '$pendingEvents' },
        { $group: { _id: null, n: { $sum: 1 } } },
      ])
      .toArray();
    pending += counted?.n ?? 0;
    const first = await collection.findOne(
      { pendingSince: { $exists: true } },
      { sort: { pendingSince: 1 }, projection: { pendingSince: 1 } },
    );
    const since = first?.pendingSince as Date | undefined;
    if (since && (!oldest || since < oldest)) oldest = since;
  }
  return { pending, oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 };
}
