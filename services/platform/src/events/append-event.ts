import { randomUUID } from 'node:crypto';
import { packEnvelope, type DescMessage, type MessageInitShape } from '@vellum/proto';
import type { Tx } from '../db/db';
import { currentTraceparent } from '../telemetry/traceparent';
import { appendOutbox } from './outbox';
import type { BusMessage } from './types';

export interface DomainEvent<D extends DescMessage> {
  topic: string;
  /** The aggregate the event is about: the bus key, so its events stay in order. */
  aggregateId: string;
  payloadSchema: D;
  payload: MessageInitShape<D>;
  occurredAt: Date;
}

/** Wraps one event in the Envelope (new event id, producer, trace context): the message a relay will publish. */
export function eventMessage<D extends DescMessage>(producer: string, event: DomainEvent<D>): BusMessage {
  const id = randomUUID();
  const value = packEnvelope({
    id,
    producer,
    aggregateId: event.aggregateId,
    occurredAt: event.occurredAt,
    traceparent: currentTraceparent(),
    payloadSchema: event.payloadSchema,
    payload: event.payload,
  });
  return { id, topic: event.topic, key: event.aggregateId, type: event.payloadSchema.typeName, value };
}

/**
 * Wraps one event in the Envelope (`eventMessage`) and records it in the outbox of `schema` through `tx`, so it
 * commits with the change it describes. Returns the event id.
 */
export async function appendEvent<D extends DescMessage>(
  tx: Tx,
  schema: string,
  producer: string,
  event: DomainEvent<D>,
): Promise<string> {
  const message = eventMessage(producer, event);
  await appendOutbox(tx, schema, [message]);
  return message.id;
}
