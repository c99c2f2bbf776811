import type { Db, Migration, Tx } from '../db/db';
import type { BusMessage, MessageHandler } from './types';
import { checkedSchema } from '../db/schema-name';

/** The inbox table of a service's schema (processed event ids per consumer); add it to the service's migrations. */
export function inboxMigration(schema: string): Migration {
  checkedSchema(schema);
  return {
    id: 'platform_inbox_0001',
    sql: `
      CREATE TABLE ${schema}.inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );
    `,
  };
}

export interface IdempotentOptions {
  db: Db;
  schema: string;
  /** Names the projection or reaction; each consumer applies an event once. */
  consumer: string;
  /** The effect, made through `tx` so it commits together with the record of the event id. */
  apply: (tx: Tx, message: BusMessage) => Promise<void>;
}

/**
 * Wraps an effect so a redelivered event is applied once: one transaction records the event id in the inbox
 * (`ON CONFLICT DO NOTHING`) and applies the effect only when the id was new. If the effect throws, the id is
 * rolled back with it and the bus delivers the event again.
 */
export function idempotent(options: IdempotentOptions): MessageHandler {
  const { db, schema, consumer, apply } = options;
  checkedSchema(schema);
  return (message) =>
    db.transaction(async (tx) => {
      if (await firstTimeInInbox(tx, schema, consumer, message.id)) await apply(tx, message);
    });
}

/**
 * Records `eventId` for `consumer` in `<schema>.inbox` through `tx`; true when it was not there yet, so the caller
 * applies the event in the same transaction (what `idempotent` does for a bus handler).
 */
export async function firstTimeInInbox(
  tx: Tx,
  schema: string,
  consumer: string,
  eventId: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO ${checkedSchema(schema)}.inbox (consumer, event_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventId],
  );
  return rows.length === 1;
}

/**
 * How long inbox rows are kept (default 14 days), counted back from the newest row of the schema. Long enough that
 * no redelivery can still arrive for a pruned event id (were one to arrive, it would be applied a second time):
 * - Kafka redelivers from a group's committed offset: the seconds after its last commit. The topics keep every event
 *   (k8s/README.md, "The event log"), so the broker's `offsets.retention.minutes` is set far above any outage: a group
 *   whose offsets expired would reread from the beginning, past what this inbox remembers.
 * - The in-process bus redelivers (a) a retry, before the row ever commits, (b) after a kill, the outbox rows the
 *   relays had not yet marked published, which they publish at the next start, and (c) the events after a group's
 *   last saved offset (saved every second). Counting from the newest row
 *   rather than from the clock makes a long shutdown count for nothing: rows age only while events are processed,
 *   and the rows republished at a start are delivered long before 14 more days of processing.
 */
export const defaultInboxRetentionMs = 14 * 86_400_000;

export interface PruneInboxOptions {
  /** Rows processed this long before the schema's newest row are deleted (default `defaultInboxRetentionMs`). */
  retentionMs?: number;
  /** Rows per DELETE (default 1000): short statements that hold few locks. */
  batchSize?: number;
  /** Batches per call at most (default 50); the next call goes on. */
  maxBatches?: number;
}

/**
 * Deletes the processed-event ids of `<schema>.inbox` older than the retention (see `defaultInboxRetentionMs`), in
 * small batches; returns how many. The outbox relay of the schema calls it with its cleanup.
 */
export async function pruneInbox(db: Db, schema: string, options: PruneInboxOptions = {}): Promise<number> {
  checkedSchema(schema);
  const retentionMs = options.retentionMs ?? defaultInboxRetentionMs;
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 50;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { rowCount } = await db.query(
      `DELETE FROM ${schema}.inbox WHERE (consumer, event_id) IN (
         SELECT consumer, event_id FROM ${schema}.inbox
          WHERE processed_at < (SELECT max(processed_at) FROM ${schema}.inbox)
                               - $1::double precision * interval '1 millisecond'
          LIMIT $2)`,
      [retentionMs, batchSize],
    );
    deleted += rowCount;
    if (rowCount < batchSize) break;
  }
  return deleted;
}
