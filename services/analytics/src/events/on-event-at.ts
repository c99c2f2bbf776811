import type { EventCase, Tx } from '@vellum/platform';
import { decodePayload, timestampDate, type DescMessage, type MessageShape } from '@vellum/proto';

/**
 * `onEvent` with the time the change happened (the envelope's `occurredAt`, set by the producer's use case): every
 * event's day comes from the same field, whatever its payload calls its own time.
 */
export function onEventAt<D extends DescMessage>(
  schema: D,
  apply: (tx: Tx, event: MessageShape<D>, at: Date) => Promise<void>,
): EventCase {
  return {
    typeName: schema.typeName,
    apply: (tx, envelope) =>
      apply(
        tx,
        decodePayload(envelope, schema),
        envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date(0),
      ),
  };
}
