import {
  decodePayload,
  unpackEnvelope,
  type DescMessage,
  type Envelope,
  type MessageShape,
} from '@vellum/proto';
import { occurredAtOf } from './projection';
import type { Subscription } from './types';

/** What a handler of a declared subscription learns besides the payload: the event's id (an inbox key) and time. */
export interface Delivered {
  eventId: string;
  /** The envelope's `occurredAt`, set by the producer's use case. */
  at: Date;
}

/** What a subscription does with one event type, whatever its store (the store keeps its own inbox). */
export interface DeliveredCase {
  typeName: string;
  apply: (envelope: Envelope, delivered: Delivered) => Promise<void>;
}

/** The case of one event type: the payload decoded as `schema`. */
export function whenEvent<D extends DescMessage>(
  schema: D,
  apply: (event: MessageShape<D>, delivered: Delivered) => Promise<void> | void,
): DeliveredCase {
  return {
    typeName: schema.typeName,
    apply: async (envelope, delivered) => apply(decodePayload(envelope, schema), delivered),
  };
}

interface DeclaredOptions {
  group: string;
  topics: string[];
  /** One case per event type; events of any other type change nothing. */
  on: DeliveredCase[];
  park?: Subscription['park'];
}

/**
 * A subscription declared as `projection(...)` declares one on Postgres, for a store that is not the platform's Db
 * (MongoDB, or a repository with its own inbox): `on` cases, and either `reset` (a read model: its store applies each
 * event once by its id, and a replay rebuilds it) or `reaction: true` (nothing stored); `park` where its store keeps
 * the events that keep failing.
 */
export function declaredSubscription(
  options: DeclaredOptions & ({ reset: () => Promise<void> } | { reaction: true }),
): Subscription {
  const byType = new Map(options.on.map((c) => [c.typeName, c.apply]));
  const { group, topics, on: _on, ...rest } = options;
  return {
    group,
    topics,
    handler: async (message) => {
      const envelope = unpackEnvelope(message.value);
      await byType.get(envelope.type)?.(envelope, { eventId: message.id, at: occurredAtOf(envelope) });
    },
    ...rest,
  };
}
