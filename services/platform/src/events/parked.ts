import type { Db, Migration } from '../db/db';
import { storedErrorText } from '../errors/error-text';
import type { BusMessage, MessageHandler, PoisonedMessage, Subscription } from './types';
import { checkedSchema } from '../db/schema-name';

/**
 * `<schema>.parked_events`, where a consumer keeps the events its handler failed `maxAttempts` times, and an index on
 * `<schema>.inbox (processed_at)` for `pruneInbox`. Add it to the service's migrations after `inboxMigration`.
 * One row per consumer group and event (`consumer_group`: `group` is an SQL keyword).
 */
export function parkedEventsMigrations(schema: string): Migration[] {
  const s = checkedSchema(schema);
  return [
    {
      id: 'platform_inbox_0002',
      sql: `
      CREATE TABLE ${s}.parked_events (
        event_id uuid NOT NULL,
        consumer_group text NOT NULL,
        topic text NOT NULL,
        key text NOT NULL,
        type text NOT NULL,
        value bytea NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer_group, event_id)
      );
      CREATE INDEX inbox_processed_at ON ${s}.inbox (processed_at);
    `,
    },
    {
      // Breaks ties between events parked within one clock tick (PGlite's clock counts milliseconds), so they list
      // in the order they were parked. Existing rows get numbers in table order.
      id: 'platform_inbox_0003',
      sql: `ALTER TABLE ${s}.parked_events ADD COLUMN seq bigserial NOT NULL;`,
    },
  ];
}

/** A parked event: the message as the bus delivered it, and why and when it was parked. */
export interface ParkedEvent {
  id: string;
  topic: string;
  key: string;
  type: string;
  value: Uint8Array;
  group: string;
  /** The last failure (`Name: message`); after a failed replay, that replay's. */
  error: string;
  /** Failed attempts: the bus's `maxAttempts`, plus one per failed replay. */
  attempts: number;
  parkedAt: Date;
}

export interface ListParkedOptions {
  /** Only these event ids. */
  ids?: readonly string[];
  /** Only this consumer group. */
  group?: string;
}

/**
 * Where a service keeps the events its consumers parked: one port, an adapter per store (`postgresParkedEvents`
 * here, `mongoParkedEvents` in `@vellum/platform-mongo`). A subscription's `park` is the store's `park`; operators
 * list and replay through `list` and `replayParked`.
 */
export interface ParkedEventStore {
  /** Keeps a poisoned message; parked again (Kafka redelivers it when the process died first), it replaces its row. */
  park(poisoned: PoisonedMessage): Promise<void>;
  /** The parked events, oldest first. */
  list(options?: ListParkedOptions): Promise<ParkedEvent[]>;
  /** A replay failed again: records its error and one more attempt. */
  failedAgain(group: string, id: string, error: string): Promise<void>;
  /** A replay succeeded: the event is no longer parked. */
  remove(group: string, id: string): Promise<void>;
}

interface ParkedRow {
  event_id: string;
  consumer_group: string;
  topic: string;
  key: string;
  type: string;
  value: Uint8Array;
  error: string;
  attempts: number;
  parked_at: Date;
}

const COLUMNS = 'event_id, consumer_group, topic, key, type, value, error, attempts, parked_at';

function toParked(row: ParkedRow): ParkedEvent {
  return {
    id: row.event_id,
    topic: row.topic,
    key: row.key,
    type: row.type,
    value: row.value,
    group: row.consumer_group,
    error: row.error,
    attempts: row.attempts,
    parkedAt: row.parked_at instanceof Date ? row.parked_at : new Date(row.parked_at),
  };
}

/** The parked events of a Postgres service, in `<schema>.parked_events` (`parkedEventsMigrations`). */
export function postgresParkedEvents(db: Db, schema: string): ParkedEventStore {
  const s = checkedSchema(schema);
  return {
    async park({ group, message, error, attempts }) {
      await db.query(
        `INSERT INTO ${s}.parked_events (event_id, consumer_group, topic, key, type, value, error, attempts)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (consumer_group, event_id) DO UPDATE
             SET error = EXCLUDED.error, attempts = EXCLUDED.attempts, parked_at = now()`,
        [
          message.id,
          group,
          message.topic,
          message.key,
          message.type,
          message.value,
          storedErrorText(error),
          attempts,
        ],
      );
    },
    async list(options = {}) {
      const { rows } = await db.query<ParkedRow>(
        `SELECT ${COLUMNS} FROM ${s}.parked_events
          WHERE ($1::uuid[] IS NULL OR event_id = ANY($1::uuid[]))
            AND ($2::text IS NULL OR consumer_group = $2)
          ORDER BY parked_at, seq`,
        [options.ids ? [...options.ids] : null, options.group ?? null],
      );
      return rows.map(toParked);
    },
    async failedAgain(group, id, error) {
      await db.query(
        `UPDATE ${s}.parked_events SET error = $3, attempts = attempts + 1
          WHERE consumer_group = $1 AND event_id = $2`,
        [group, id, error],
      );
    },
    async remove(group, id) {
      await db.query(`DELETE FROM ${s}.parked_events WHERE consumer_group = $1 AND event_id = $2`, [
        group,
        id,
      ]);
    },
  };
}

export interface ReplayResult {
  /** Handled and removed from the table. */
  replayed: Array<{ id: string; group: string }>;
  /** Still parked, with the error of this replay (also recorded on the row, `attempts` + 1). */
  failed: Array<{ id: string; group: string; error: string }>;
}

/**
 * Replays parked events (all, or those with `ids`), oldest first, one at a time: each through the handler of the
 * subscription of its group and topic (or through `target` when it is a handler), and removes it once the handler
 * succeeded. Give the subscriptions the service runs (`projection()`, `idempotent()`): their inbox applies an event
 * once, so a replay that dies between the handler and the removal, or two operators replaying at once, changes
 * nothing twice. Not through the bus: a publish would reach every group of the topic again, not only the one that
 * parked the event. A replay is out of order with the key's later events, which the consumer has handled since:
 * replay what a fixed handler can apply late.
 */
export async function replayParked(
  store: ParkedEventStore,
  target: MessageHandler | readonly Subscription[],
  options: { ids?: readonly string[] } = {},
): Promise<ReplayResult> {
  const result: ReplayResult = { replayed: [], failed: [] };
  for (const parked of await store.list({ ids: options.ids })) {
    const { id, group } = parked;
    const handler =
      typeof target === 'function'
        ? target
        : target.find((sub) => sub.group === group && sub.topics.includes(parked.topic))?.handler;
    if (!handler) {
      result.failed.push({
        id,
        group,
        error: `no subscription of group "${group}" to topic "${parked.topic}"`,
      });
      continue;
    }
    const message: BusMessage = {
      id,
      topic: parked.topic,
      key: parked.key,
      type: parked.type,
      value: parked.value,
    };
    try {
      await handler(message);
    } catch (error) {
      const text = storedErrorText(error);
      await store.failedAgain(group, id, text);
      result.failed.push({ id, group, error: text });
      continue;
    }
    await store.remove(group, id);
    result.replayed.push({ id, group });
  }
  return result;
}
