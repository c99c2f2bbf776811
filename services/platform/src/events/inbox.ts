import type { Db, Migration, Tx } from '../db/db';
import type { BusMessage, MessageHandler } from './types';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The inbox table of a service's schema (processed event ids per consumer); add it to the service's migrations. */
export function inboxMigration(schema: string): Migration {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
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
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return (message) =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO ${schema}.inbox (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, message.id],
      );
      if (rows.length === 1) await apply(tx, message);
    });
}
