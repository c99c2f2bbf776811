import type { DescMessage, MessageInitShape } from '@vellum/proto';
import type { Queryable } from '../db/db';
import { appendEvent } from './append-event';

/** A service's events on one topic, appended to its outbox inside the caller's transaction. */
export type EmitEvent = <D extends DescMessage>(
  tx: Queryable,
  aggregateId: string,
  payloadSchema: D,
  payload: MessageInitShape<D>,
  occurredAt: Date,
) => Promise<string>;

/**
 * The one `emit` of a producing service: `eventEmitter({schema: 'action', producer: 'action', topic})` gives
 * `emit(tx, aggregateId, Schema, payload, at)`, keyed by the aggregate so its events stay in order.
 */
export function eventEmitter(options: { schema: string; producer: string; topic: string }): EmitEvent {
  return (tx, aggregateId, payloadSchema, payload, occurredAt) =>
    appendEvent(tx, options.schema, options.producer, {
      topic: options.topic,
      aggregateId,
      payloadSchema,
      payload,
      occurredAt,
    });
}
