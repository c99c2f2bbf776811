import {
  decodePayload,
  timestampDate,
  unpackEnvelope,
  type DescMessage,
  type Envelope,
  type MessageShape,
} from '@vellum/proto';
import type { Db, Tx } from '../db/db';
import { checkedSchema } from '../db/schema-name';
import { idempotent } from './inbox';
import { postgresParkedEvents } from './parked';
import type { Subscription } from './types';

/** What a projection does with one event type: the payload decoded as `schema`, applied through `tx`. */
export interface EventCase {
  typeName: string;
  apply: (tx: Tx, envelope: Envelope) => Promise<void>;
}

export function onEvent<D extends DescMessage>(
  schema: D,
  apply: (tx: Tx, event: MessageShape<D>) => Promise<void>,
): EventCase {
  return { typeName: schema.typeName, apply: (tx, envelope) => apply(tx, decodePayload(envelope, schema)) };
}

/** When the change an envelope tells of happened (its `occurredAt`); the epoch for an envelope without one. */
export const occurredAtOf = (envelope: Envelope): Date =>
  envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date(0);

/**
 * `onEvent` with the time the change happened (the envelope's `occurredAt`, set by the producer's use case): every
 * event's time comes from the same field, whatever its payload calls its own.
 */
export function onEventAt<D extends DescMessage>(
  schema: D,
  apply: (tx: Tx, event: MessageShape<D>, at: Date) => Promise<void>,
): EventCase {
  return {
    typeName: schema.typeName,
    apply: (tx, envelope) => apply(tx, decodePayload(envelope, schema), occurredAtOf(envelope)),
  };
}

/** Applies an envelope with the case for its type; events of any other type change nothing. */
function eventApplier(cases: EventCase[]): (tx: Tx, envelope: Envelope) => Promise<void> {
  const byType = new Map(cases.map((c) => [c.typeName, c.apply]));
  return async (tx, envelope) => byType.get(envelope.type)?.(tx, envelope);
}

export interface ProjectionOptions {
  db: Db;
  /** The consuming service's schema, where its inbox is. */
  schema: string;
  /** The consuming service's consumer group. */
  group: string;
  /** Names this projection in the inbox: each projection applies an event once. */
  consumer: string;
  /** One subscription per group and topic set: a Kafka group's members must all subscribe to the same topics. */
  topics: string[];
  on: EventCase[];
  /**
   * The tables of the read model, in `schema`, that only this projection writes: `reset` empties them (and the
   * projection's inbox rows) before a replay rebuilds them from the beginning of the log. Empty when the projection
   * writes into rows the service owns too: a replay then applies every event again over them, in order.
   */
  owns: string[];
  /**
   * Keep an event the projection failed `maxAttempts` times in `<schema>.parked_events` for `replayParked` (default
   * true; needs `parkedEventsMigrations`; without the table the event is logged and skipped, as with false).
   */
  park?: boolean;
  /** Called after each event's transaction has committed: drop what a process keeps of the read model in memory. */
  afterApply?: () => void;
}

/**
 * A read model kept from other services' events: each event decoded from its envelope and applied once (inbox); an
 * event that keeps failing is parked in `<schema>.parked_events`.
 */
export function projection(options: ProjectionOptions): Subscription {
  const apply = eventApplier(options.on);
  const handle = idempotent({
    db: options.db,
    schema: options.schema,
    consumer: options.consumer,
    apply: (tx, message) => apply(tx, unpackEnvelope(message.value)),
  });
  const { afterApply } = options;
  return {
    group: options.group,
    topics: options.topics,
    handler: afterApply
      ? async (message) => {
          await handle(message);
          afterApply();
        }
      : handle,
    ...(options.park !== false && { park: postgresParkedEvents(options.db, options.schema).park }),
    reset: resetProjection(options),
  };
}

const TABLE = /^[a-z_][a-z0-9_]*$/;

/** Empties the projection's tables and inbox rows in one transaction; the table names are checked up front. */
function resetProjection(options: ProjectionOptions): () => Promise<void> {
  const s = checkedSchema(options.schema);
  for (const table of options.owns) {
    if (!TABLE.test(table))
      throw new Error(`Invalid table name "${table}" in the projection ${options.consumer}`);
  }
  return async () => {
    // An operator's replay, on no request's path: emptying large tables may take longer than a request's query.
    await options.db.transaction(
      async (tx) => {
        for (const table of options.owns) await tx.query(`DELETE FROM ${s}.${table}`);
        await tx.query(`DELETE FROM ${s}.inbox WHERE consumer = $1`, [options.consumer]);
      },
      { unlimited: true },
    );
    // What the process keeps of the read model in memory is stale now too.
    options.afterApply?.();
  };
}
