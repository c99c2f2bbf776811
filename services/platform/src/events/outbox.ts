import type { Logger } from 'pino';
import { storedErrorText } from '../errors/error-text';
import type { Db, Migration, Queryable, Tx } from '../db/db';
import { Mutex } from '../db/mutex';
import { pollingLoop, type NextTurn } from './polling-loop';
import type { BusMessage, EventBus } from './types';
import { checkedSchema } from '../db/schema-name';
import { reachFaultPoint } from '../faults/fault-points';

/** The outbox table of a service's schema; add it to the service's migrations. */
export function outboxMigration(schema: string): Migration {
  const s = checkedSchema(schema);
  return {
    id: 'platform_outbox_0001',
    sql: `
      CREATE TABLE ${s}.outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        key text NOT NULL,
        type text NOT NULL,
        value bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX outbox_unpublished ON ${s}.outbox (seq) WHERE published_at IS NULL;
      CREATE INDEX outbox_published_at ON ${s}.outbox (published_at) WHERE published_at IS NOT NULL;
    `,
  };
}

/** Rows per INSERT: five parameters each, far below Postgres' 65,535 parameters per statement. */
const APPEND_CHUNK = 1000;

/**
 * Records events in the outbox. Call it with the `tx` of the business change, after the statement that changes
 * (and so locks) the aggregate: the event then commits or rolls back with the change, and two writers of one
 * aggregate take their `seq` in commit order, which keeps the per-key order the relay publishes in.
 */
export async function appendOutbox(tx: Tx, schema: string, messages: readonly BusMessage[]): Promise<void> {
  const s = checkedSchema(schema);
  for (let start = 0; start < messages.length; start += APPEND_CHUNK) {
    const chunk = messages.slice(start, start + APPEND_CHUNK);
    const params: unknown[] = [];
    const rows = chunk.map((message) => {
      const n = params.push(message.id, message.topic, message.key, message.type, message.value);
      return `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await tx.query(`INSERT INTO ${s}.outbox (id, topic, key, type, value) VALUES ${rows.join(', ')}`, params);
  }
}

/** What an outbox relay tells of its work: the metrics' `outbox_events_published_total` and its errors. */
export interface RelayObserver {
  published(count: number): void;
  failed(): void;
}

export interface OutboxRelayOptions {
  db: Db;
  schema: string;
  bus: EventBus;
  logger: Logger;
  /** Told each published batch and each failed publish. */
  observer?: RelayObserver;
  /** Rows claimed and published per transaction (default 500). */
  batchSize?: number;
  /** Polling period when nobody calls `wake()` (default 200 ms). */
  pollIntervalMs?: number;
  /** Longest wait after failed publishes; the wait doubles per failure from `pollIntervalMs` (default 30 s). */
  maxBackoffMs?: number;
  /**
   * Published rows are deleted once older than this (default 1 day). `Infinity` keeps them: the embedded mode's
   * outboxes are its event log (`readOutboxLog`), which a consumer group added later reads from the beginning.
   */
  retentionMs?: number;
  /** How often the deletion of old rows runs (default 1 minute). The inbox has its own worker (`inboxUpkeep`). */
  cleanupIntervalMs?: number;
  /**
   * Publish between two transactions, claiming the rows in one and marking them in the next, instead of inside a
   * single one (default false). Needed when `bus.publish` waits for consumers that use this same database (the
   * in-process bus with `awaitDelivery` on PGlite's single connection): a transaction held across the publish
   * would make them wait for the publish that waits for them. The schema's lock then no longer spans the
   * publish, so run one relay per schema (as the embedded mode does).
   */
  publishOutsideTransaction?: boolean;
}

export interface OutboxRelay {
  /** Starts the polling loop (idempotent). */
  start(): void;
  /** Stops the loop after the batch in progress. */
  stop(): Promise<void>;
  /** Nudges the loop to publish now; a writer calls it right after its commit. */
  wake(): void;
  /**
   * Publishes every pending row now, batch by batch, and returns how many were published; 0 when another relay
   * holds the schema's lock. A failed publish is recorded on the rows and thrown.
   */
  flush(): Promise<number>;
  /** Deletes published rows older than the retention, in small batches; returns how many. */
  cleanup(): Promise<number>;
}

interface OutboxRow {
  seq: string;
  id: string;
  topic: string;
  key: string;
  type: string;
  value: Uint8Array;
}

type BatchOutcome =
  { kind: 'published'; count: number; more: boolean } | { kind: 'busy' } | { kind: 'failed'; error: unknown };

const CLEANUP_BATCH = 1000;
const CLEANUP_MAX_ROUNDS = 50;

/**
 * Publishes the outbox of one schema. Each batch is one transaction that first takes
 * `pg_try_advisory_xact_lock` for the schema, so of several replicas only one relays at a time and the rows leave
 * in `seq` order; it claims up to `batchSize` unpublished rows, publishes them with ONE `bus.publish`, and marks
 * them published before committing (or, with `publishOutsideTransaction`, claims and marks in two transactions
 * around the publish). If the process dies after the publish and before the commit, the rows are
 * published again: delivery is at least once, and consumers drop duplicates by event id (`idempotent`).
 * A failed publish keeps the rows, counts the attempt with the error, and backs off; a row that never publishes
 * (say, a message over the broker's size limit) holds up the rows after it, visible in `attempts`/`last_error`.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus, logger } = options;
  const s = checkedSchema(options.schema);
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 86_400_000;
  const cleanupIntervalMs = options.cleanupIntervalMs ?? 60_000;
  const outsideTransaction = options.publishOutsideTransaction ?? false;
  const batches = new Mutex();

  /** Takes the schema's lock and reads the next batch; undefined when another relay holds the lock. */
  const claim = async (tx: Tx): Promise<OutboxRow[] | undefined> => {
    const { rows: locks } = await tx.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext('vellum.outbox'), hashtext($1)) AS locked`,
      [s],
    );
    if (!locks[0]?.locked) return undefined;
    const { rows } = await tx.query<OutboxRow>(
      // bigint and uuid arrive as strings from both adapters. (An alias `seq::text AS seq` would make ORDER BY
      // sort the text: r10 before r9.)
      `SELECT seq, id, topic, key, type, value
         FROM ${s}.outbox WHERE published_at IS NULL ORDER BY seq LIMIT $1`,
      [batchSize],
    );
    return rows;
  };

  /** Publishes the rows with ONE `bus.publish` and records the outcome on them. */
  const publishAndMark = async (q: Queryable, rows: OutboxRow[]): Promise<BatchOutcome> => {
    const seqs = rows.map((row) => row.seq);
    try {
      reachFaultPoint('outbox-before-publish');
      await bus.publish(
        rows.map((row) => ({
          id: row.id,
          topic: row.topic,
          key: row.key,
          type: row.type,
          value: row.value,
        })),
      );
    } catch (error) {
      await q.query(
        `UPDATE ${s}.outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1::bigint[])`,
        [seqs, storedErrorText(error)],
      );
      return { kind: 'failed', error };
    }
    reachFaultPoint('outbox-after-publish');
    await q.query(
      `UPDATE ${s}.outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL
        WHERE seq = ANY($1::bigint[])`,
      [seqs],
    );
    return { kind: 'published', count: rows.length, more: rows.length === batchSize };
  };

  const publishBatch = async (): Promise<BatchOutcome> => {
    if (outsideTransaction) {
      const rows = await db.transaction(claim);
      if (!rows) return { kind: 'busy' };
      if (rows.length === 0) return { kind: 'published', count: 0, more: false };
      return publishAndMark(db, rows);
    }
    return db.transaction(async (tx): Promise<BatchOutcome> => {
      const rows = await claim(tx);
      if (!rows) return { kind: 'busy' };
      if (rows.length === 0) return { kind: 'published', count: 0, more: false };
      return publishAndMark(tx, rows);
    });
  };

  const cleanup = async (): Promise<number> => {
    let deleted = 0;
    if (retentionMs === Infinity) return deleted;
    for (let round = 0; round < CLEANUP_MAX_ROUNDS; round++) {
      const { rowCount } = await db.query(
        `DELETE FROM ${s}.outbox WHERE seq IN (
           SELECT seq FROM ${s}.outbox
            WHERE published_at IS NOT NULL AND published_at <= now() - $1::double precision * interval '1 millisecond'
            ORDER BY seq LIMIT $2)`,
        [retentionMs, CLEANUP_BATCH],
      );
      deleted += rowCount;
      if (rowCount < CLEANUP_BATCH) break;
    }
    return deleted;
  };

  const observe = (outcome: BatchOutcome) => {
    if (outcome.kind === 'failed') options.observer?.failed();
    else if (outcome.kind === 'published' && outcome.count > 0) options.observer?.published(outcome.count);
  };
  let failures = 0;
  let lastCleanup = Date.now();
  const turn = async (): Promise<NextTurn> => {
    let delay = pollIntervalMs;
    try {
      const outcome = await batches.run(publishBatch);
      observe(outcome);
      if (outcome.kind === 'failed') {
        failures++;
        delay = Math.min(maxBackoffMs, pollIntervalMs * 2 ** failures);
        logger.warn({ err: outcome.error, schema: s, failures, retryInMs: delay }, 'outbox publish failed');
      } else {
        failures = 0;
        if (outcome.kind === 'published' && outcome.count > 0) {
          logger.debug({ schema: s, count: outcome.count }, 'outbox batch published');
        }
        if (outcome.kind === 'published' && outcome.more) delay = 0;
      }
      if (Date.now() - lastCleanup >= cleanupIntervalMs) {
        lastCleanup = Date.now();
        const deleted = await cleanup();
        if (deleted > 0) logger.debug({ schema: s, deleted }, 'old outbox rows deleted');
      }
    } catch (error) {
      failures++;
      delay = Math.min(maxBackoffMs, pollIntervalMs * 2 ** failures);
      logger.error({ err: error, schema: s, failures, retryInMs: delay }, 'outbox relay failed');
    }
    // After a failure only stop() cuts the wait short: a busy writer's wake() must not defeat the backoff.
    return { delayMs: delay, wakeable: failures === 0 };
  };
  const poller = pollingLoop(turn);

  return {
    start: poller.start,
    stop: poller.stop,
    wake: poller.wake,

    async flush() {
      let published = 0;
      for (;;) {
        const outcome = await batches.run(publishBatch);
        observe(outcome);
        if (outcome.kind === 'failed') throw outcome.error;
        if (outcome.kind === 'busy') return published;
        published += outcome.count;
        if (!outcome.more) return published;
      }
    },

    cleanup,
  };
}
