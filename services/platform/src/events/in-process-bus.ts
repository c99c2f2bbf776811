import pino, { type Logger } from 'pino';
import { partitionFor } from './partition';
import { defaultRetry, deliverWithRetry, logPoison, type PoisonHandler, type RetryOptions } from './retry';
import type { BusMessage, EventBus, MessageHandler, Subscription } from './types';

export interface InProcessBusOptions {
  /** Partitions per topic (default 3, as the Kafka topics). */
  partitions?: number;
  retry?: RetryOptions;
  /** Default: log the message and move on. */
  onPoison?: PoisonHandler;
  logger?: Logger;
  /**
   * Messages kept per partition once every subscribed group has passed them (default 10,000), so a group that
   * subscribes later still reads from the beginning of what is retained, as with Kafka's retention.
   */
  retainPerPartition?: number;
}

interface PartitionLog {
  /** Offset of `messages[0]`. */
  base: number;
  messages: BusMessage[];
}

interface Member {
  id: number;
  topics: ReadonlySet<string>;
  handler: MessageHandler;
}

interface Cursor {
  topic: string;
  partition: number;
  /** The next offset to deliver. */
  offset: number;
  running?: Promise<void>;
}

interface Group {
  name: string;
  members: Member[];
  cursors: Map<string, Cursor>;
}

/** Trimming copies the array, so it waits until this many messages can go at once. */
const TRIM_CHUNK = 1000;

/**
 * The event bus of the embedded mode, with Kafka's contract: per topic a fixed number of partitions chosen by key;
 * per group each partition is delivered in order, one message at a time, to one member of the group; a failing
 * handler is retried with backoff and parked after `maxAttempts`; a new group reads from the beginning.
 * The log lives in memory: what a group has not consumed when the process stops is gone (the outbox rows are
 * already marked published by then).
 */
export function createInProcessBus(options: InProcessBusOptions = {}): EventBus {
  const partitions = options.partitions ?? 3;
  if (!Number.isInteger(partitions) || partitions < 1)
    throw new Error('partitions must be a positive integer');
  const retry = options.retry ?? defaultRetry;
  const logger = options.logger ?? pino({ name: 'in-process-bus' });
  const onPoison = options.onPoison ?? logPoison(logger);
  const retain = options.retainPerPartition ?? 10_000;

  const topics = new Map<string, PartitionLog[]>();
  const groups = new Map<string, Group>();
  const stopping = new AbortController();
  let closed = false;
  let memberIds = 0;

  const logOf = (topic: string): PartitionLog[] => {
    let log = topics.get(topic);
    if (!log) {
      log = Array.from({ length: partitions }, () => ({ base: 0, messages: [] }));
      topics.set(topic, log);
    }
    return log;
  };

  const assignee = (group: Group, topic: string, partition: number): Member | undefined => {
    const members = group.members.filter((member) => member.topics.has(topic));
    if (members.length === 0) return undefined;
    // Spread the partitions of every topic over the members, like Kafka's round-robin assignor.
    return members[(partition + partitionFor(topic, 7919)) % members.length];
  };

  const trim = (topic: string, partition: number) => {
    const log = logOf(topic)[partition];
    if (!log) return;
    let consumed = Infinity;
    for (const group of groups.values()) {
      const cursor = group.cursors.get(`${topic}\u0000${partition}`);
      if (cursor) consumed = Math.min(consumed, cursor.offset);
    }
    const end = log.base + log.messages.length;
    const dropUntil = Math.min(consumed, end - retain);
    if (dropUntil - log.base >= TRIM_CHUNK) {
      log.messages = log.messages.slice(dropUntil - log.base);
      log.base = dropUntil;
    }
  };

  const drive = async (group: Group, cursor: Cursor): Promise<void> => {
    // Handlers start on a later turn of the event loop, never inside the publisher's own continuation.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (;;) {
        const log = logOf(cursor.topic)[cursor.partition];
        if (!log || closed) break;
        if (cursor.offset < log.base) cursor.offset = log.base;
        const message = log.messages[cursor.offset - log.base];
        const member = message && assignee(group, cursor.topic, cursor.partition);
        // Checked and cleared synchronously, so a publish racing with the end of the loop restarts it.
        if (!message || !member) break;
        const outcome = await deliverWithRetry({
          group: group.name,
          message,
          handler: member.handler,
          retry,
          onPoison,
          logger,
          signal: stopping.signal,
        });
        if (outcome === 'aborted') break;
        cursor.offset++;
        trim(cursor.topic, cursor.partition);
      }
    } catch (error) {
      logger.error({ err: error, group: group.name, topic: cursor.topic }, 'in-process delivery stopped');
    }
    cursor.running = undefined;
  };

  const kick = (group: Group, cursor: Cursor) => {
    if (closed || cursor.running) return;
    cursor.running = drive(group, cursor);
  };

  const kickTopic = (topic: string, partition: number) => {
    for (const group of groups.values()) {
      const cursor = group.cursors.get(`${topic}\u0000${partition}`);
      if (cursor) kick(group, cursor);
    }
  };

  return {
    async publish(messages: readonly BusMessage[]): Promise<void> {
      if (closed) throw new Error('Event bus is closed');
      for (const message of messages) {
        if (!message.topic || !message.key) throw new Error(`Message ${message.id} needs a topic and a key`);
      }
      const touched = new Set<string>();
      for (const message of messages) {
        const partition = partitionFor(message.key, partitions);
        logOf(message.topic)[partition]?.messages.push(message);
        touched.add(`${message.topic}\u0000${partition}`);
      }
      for (const entry of touched) {
        const [topic, partition] = entry.split('\u0000') as [string, string];
        trim(topic, Number(partition));
        kickTopic(topic, Number(partition));
      }
    },

    async subscribe(subscription: Subscription): Promise<void> {
      if (closed) throw new Error('Event bus is closed');
      let group = groups.get(subscription.group);
      if (!group) {
        group = { name: subscription.group, members: [], cursors: new Map() };
        groups.set(subscription.group, group);
      }
      group.members.push({
        id: ++memberIds,
        topics: new Set(subscription.topics),
        handler: subscription.handler,
      });
      for (const topic of subscription.topics) {
        const log = logOf(topic);
        for (let partition = 0; partition < partitions; partition++) {
          const key = `${topic}\u0000${partition}`;
          let cursor = group.cursors.get(key);
          if (!cursor) {
            cursor = { topic, partition, offset: log[partition]?.base ?? 0 };
            group.cursors.set(key, cursor);
          }
          kick(group, cursor);
        }
      }
    },

    async ping(): Promise<boolean> {
      return !closed;
    },

    async close(): Promise<void> {
      closed = true;
      stopping.abort();
      const running: Promise<void>[] = [];
      for (const group of groups.values()) {
        for (const cursor of group.cursors.values()) if (cursor.running) running.push(cursor.running);
      }
      await Promise.all(running);
    },
  };
}
