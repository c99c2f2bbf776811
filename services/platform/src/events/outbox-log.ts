import type { Db } from '../db/db';
import { checkedSchema } from '../db/schema-name';
import type { BusMessage } from './types';

/** True when `schema` has an outbox table (a service that only consumes may have none). */
async function hasOutbox(db: Db, schema: string): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `${checkedSchema(schema)}.outbox`,
  ]);
  return rows[0]?.present === true;
}

/** Rows read per query while walking an outbox. */
const PAGE = 1000;

/** A log of the events published so far, read from its beginning (`replayProjections`, the embedded start). */
export interface EventLog {
  /**
   * Calls `each` with every message of `topics` published up to the end seen when the call started, in the order
   * they were published within each topic, one at a time; resolves once all were handled.
   */
  read(topics: readonly string[], each: (message: BusMessage) => Promise<void>): Promise<void>;
}

/**
 * The published rows of one schema's outbox, in `seq` order, page by page. On PGlite (the embedded mode) one
 * transaction runs at a time, so `seq` order is the order the rows committed and were published in.
 */
export async function* publishedOutboxRows(
  db: Db,
  schema: string,
  topics?: readonly string[],
  upToSeq?: string,
): AsyncGenerator<BusMessage> {
  const s = checkedSchema(schema);
  let after = '0';
  for (;;) {
    const { rows } = await db.query<BusMessage & { seq: string }>(
      `SELECT seq, id, topic, key, type, value FROM ${s}.outbox
        WHERE published_at IS NOT NULL AND seq > $1::bigint
          AND ($2::text[] IS NULL OR topic = ANY($2::text[]))
          AND ($3::bigint IS NULL OR seq <= $3::bigint)
        ORDER BY seq LIMIT $4`,
      [after, topics ? [...topics] : null, upToSeq ?? null, PAGE],
    );
    for (const { seq: _seq, ...message } of rows) yield message;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/**
 * The embedded mode's event log: the published rows the relays of `schemas` keep (`retentionMs: Infinity`). Each
 * topic has one producing schema, so a topic's order is its schema's `seq` order.
 */
export function outboxLog(db: Db, schemas: readonly string[]): EventLog {
  return {
    async read(topics, each) {
      for (const schema of schemas) {
        if (!(await hasOutbox(db, schema))) continue;
        const { rows } = await db.query<{ last: string | null }>(
          `SELECT max(seq)::text AS last FROM ${checkedSchema(schema)}.outbox WHERE published_at IS NOT NULL`,
        );
        const last = rows[0]?.last;
        if (!last) continue;
        for await (const message of publishedOutboxRows(db, schema, topics, last)) await each(message);
      }
    },
  };
}

/**
 * Rebuilds the in-process bus's log from the outboxes of `schemas` (`InProcessBus.preload`), before any group
 * subscribes, so saved offsets point at the same messages as before the restart. Refuses a topic published from
 * two schemas: their interleaving could not be rebuilt, and offsets would shift.
 */
export async function preloadFromOutboxes(
  db: Db,
  schemas: readonly string[],
  bus: { preload(messages: readonly BusMessage[]): void },
): Promise<number> {
  const producers = new Map<string, string>();
  let count = 0;
  for (const schema of schemas) {
    if (!(await hasOutbox(db, schema))) continue;
    const batch: BusMessage[] = [];
    const flush = () => {
      bus.preload(batch.splice(0));
    };
    for await (const message of publishedOutboxRows(db, schema)) {
      const producer = producers.get(message.topic);
      if (producer && producer !== schema) {
        throw new Error(`Topic ${message.topic} is published from both ${producer} and ${schema}`);
      }
      producers.set(message.topic, schema);
      batch.push(message);
      count++;
      if (batch.length >= PAGE) flush();
    }
    flush();
  }
  return count;
}
