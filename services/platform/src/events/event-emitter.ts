import type { DescMessage, MessageInitShape } from '@vellum/proto';
import type { Queryable } from '../db/db';
import { appendEvent, eventMessage } from './append-event';
import type { EventSink } from './unit-of-work';

/**
 * A service's events on one topic, built one way whatever the store: into the caller's transaction (appended to its
 * outbox) or into a unit of work (`publish`: its write carries them). Returns the event id.
 */
export type EmitEvent = <D extends DescMessage>(
  into: Queryable | EventSink,
  aggregateId: string,
  payloadSchema: D,
  payload: MessageInitShape<D>,
  occurredAt: Date,
) => Promise<string>;

/**
 * The one `emit` of a producing service: `eventEmitter({schema: 'action', producer: 'action', topic})` gives
 * `emit(txOrUnit, aggregateId, Schema, payload, at)`, keyed by the aggregate so its events stay in order. A service
 * that emits only into units of work (link, messaging) names no schema: the unit's store writes the outbox.
 */
export function eventEmitter(options: { schema?: string; producer: string; topic: string }): EmitEvent {
  return async (into, aggregateId, payloadSchema, payload, occurredAt) => {
    const event = { topic: options.topic, aggregateId, payloadSchema, payload, occurredAt };
    if ('publish' in into) {
      const message = eventMessage(options.producer, event);
      into.publish(message);
      return message.id;
    }
    if (!options.schema)
      throw new Error(`${options.producer}'s emitter has no outbox schema: emit into a unit of work`);
    return appendEvent(into, options.schema, options.producer, event);
  };
}
