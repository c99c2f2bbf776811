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

/** A message whose handler failed `attempts` (= `maxAttempts`) times in a row, the last time with `error`. */
export interface PoisonedMessage {
  group: string;
  message: BusMessage;
  error: unknown;
  attempts: number;
}

export interface Subscription {
  /** Consumer group: one per consuming service, e.g. `vellum`. */
  group: string;
  topics: string[];
  handler: MessageHandler;
  /**
   * Keeps a message the handler failed `maxAttempts` times, for an operator to replay (a `ParkedEventStore`'s
   * `park`, which `projection()` sets); called after the bus's own `onPoison`, before the partition moves on. If it
   * throws, the bus logs the message with the error and moves on, as without it.
   */
  park?: (poisoned: PoisonedMessage) => Promise<void>;
  /**
   * Empties the read model this subscription keeps and forgets which events it applied (its inbox rows), so that
   * `replayProjections` can build it again from the beginning of the log. Every projection has it.
   */
  reset?: () => Promise<void>;
  /**
   * Set on a reaction instead of `reset`: it keeps no read model (a mail sent, a socket disconnected) and must
   * never run twice, so a replay leaves it alone. A subscription with neither makes the replay refuse.
   */
  reaction?: true;
}

/** How far a consumer group is behind a topic: messages published and not yet handled. */
export interface ConsumerLag {
  group: string;
  topic: string;
  lag: number;
}

export interface EventBus {
  /** Publishes a batch; resolves once the bus has accepted every message (acks from all in-sync replicas). */
  publish(messages: readonly BusMessage[]): Promise<void>;
  /** Starts delivering to `subscription.handler`; resolves once the consumer is running. */
  subscribe(subscription: Subscription): Promise<void>;
  ping(): Promise<boolean>;
  /** The lag of this process's consumer groups on their topics (the metrics' `events_consumer_lag`). */
  lag?(): Promise<readonly ConsumerLag[]>;
  close(): Promise<void>;
}
