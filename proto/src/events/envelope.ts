import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EnvelopeSchema, type Envelope } from '../gen/vellum/events/v1/envelope_pb';
import { isUuid } from '../text/patterns';

export interface PackEnvelopeInput<D extends DescMessage> {
  /** Event id, a uuid (consumers deduplicate on it). */
  id: string;
  /** The payload's fully-qualified message name; defaults to `payloadSchema.typeName` and must equal it. */
  type?: string;
  /** Producing service, e.g. `identity`. */
  producer: string;
  /** Id of the aggregate the event is about (also the bus key). */
  aggregateId: string;
  /** W3C traceparent of the causing request; omitted or empty when there is none. */
  traceparent?: string;
  /** When the change happened; defaults to now. */
  occurredAt?: Date;
  payloadSchema: D;
  payload: MessageShape<D> | MessageInitShape<D>;
}

/** Thrown by `decodePayload` when an envelope carries another message type than the one asked for. */
export class EnvelopeTypeMismatchError extends Error {
  constructor(
    readonly envelopeId: string,
    readonly actual: string,
    readonly expected: string,
  ) {
    super(`Envelope ${envelopeId} carries ${actual || '(no type)'}, not ${expected}`);
    this.name = 'EnvelopeTypeMismatchError';
  }
}

function required(value: string, field: string): string {
  if (value.length === 0) throw new Error(`packEnvelope: ${field} is required`);
  return value;
}

/** Wraps a payload message in an `Envelope` and serializes it: the bytes to publish on the bus. */
export function packEnvelope<D extends DescMessage>(input: PackEnvelopeInput<D>): Uint8Array {
  const typeName = input.payloadSchema.typeName;
  if (input.type !== undefined && input.type !== typeName) {
    throw new Error(`packEnvelope: type ${input.type} does not match the payload schema ${typeName}`);
  }
  if (!isUuid(input.id)) throw new Error(`packEnvelope: id must be a uuid, got '${input.id}'`);
  const payload = create(input.payloadSchema, input.payload as MessageInitShape<D>);
  const envelope = create(EnvelopeSchema, {
    id: input.id,
    type: typeName,
    occurredAt: timestampFromDate(input.occurredAt ?? new Date()),
    producer: required(input.producer, 'producer'),
    aggregateId: required(input.aggregateId, 'aggregateId'),
    traceparent: input.traceparent ?? '',
    payload: toBinary(input.payloadSchema, payload),
  });
  return toBinary(EnvelopeSchema, envelope);
}

/** Parses bytes from the bus into an `Envelope`; throws on bytes that are not one. */
export function unpackEnvelope(bytes: Uint8Array): Envelope {
  const envelope = fromBinary(EnvelopeSchema, bytes);
  if (envelope.id === '' || envelope.type === '') {
    throw new Error('unpackEnvelope: not an event envelope (id or type missing)');
  }
  return envelope;
}

/** Decodes the envelope's payload as `schema`, refusing an envelope of another type. */
export function decodePayload<D extends DescMessage>(envelope: Envelope, schema: D): MessageShape<D> {
  if (envelope.type !== schema.typeName) {
    throw new EnvelopeTypeMismatchError(envelope.id, envelope.type, schema.typeName);
  }
  return fromBinary(schema, envelope.payload);
}
