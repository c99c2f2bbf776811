/**
 * The event bus port. Messages on one topic with one key are delivered in order; every consumer group sees each
 * message once (until its handler succeeds); a failing handler gets the message again after a backoff.
 */
export interface BusMessage {
  /** Event id (uuid); consumers use it to apply each event once. */
  id: string;
  topic: string;
  /** The aggregate id: messages with the same key keep their order. */
  key: string;
  /** Fully qualified event type, e.g. `vellum.identity.v1.CirrusCreated`. */
  type: string;
  /** The serialized protobuf `Envelope` (proto/events/envelope.proto). */
  value: Uint8Array;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface Subscription {
  /** Consumer group: one per consuming service, e.g. `vellum`. */
  group: string;
  topics: string[];
  handler: MessageHandler;
}

export interface EventBus {
  /** Publishes a batch; resolves once the bus has accepted every message (acks from all in-sync replicas). */
  publish(messages: readonly BusMessage[]): Promise<void>;
  /** Starts delivering to `subscription.handler`; resolves once the consumer is running. */
  subscribe(subscription: Subscription): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
