import { AsyncLocalStorage } from 'node:async_hooks';
import type { BusOffsets } from './bus-offsets';
import pino, { type Logger } from 'pino';
import { DeliveryWaiters } from './delivery-waiters';
import { partitionFor } from './partition';
import { endOf, messageAt, topicLogs, trimLog, type PartitionLog } from './partition-log';
import { cursorKey, savedPositions } from './saved-positions';
import {
  defaultRetry,
  deliverWithRetry,
  logPoison,
  observeDelivery,
  type DeliveryObserver,
  type PoisonHandler,
  type RetryOptions,
} from './retry';
import type { BusMessage, ConsumerLag, EventBus, MessageHandler, Subscription } from './types';

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
  /**
   * When true, `publish` resolves only once every group subscribed at that moment to a message's topic has
   * finished it (its handler succeeded, or it went to `onPoison` after `maxAttempts`), so an outbox relay marks
   * its rows published only after the consumers are done: a process killed before then leaves the rows
   * unpublished and they are published again on the next start (consumers drop the repeat through `idempotent`).
   * A failing handler never rejects `publish`; `close()` rejects the publishes still waiting.
   *
   * Deadlock rule: nothing a handler waits for may wait for a `publish`. A handler writes to its outbox and wakes
   * a relay, never awaits `publish` (or a relay's `flush`) itself: that would wait for the partition it is being
   * delivered from, and is rejected at once. And the publisher must not hold what the handlers need, such as a
   * transaction on PGlite's single connection (the relay's `publishOutsideTransaction`).
   */
  awaitDelivery?: boolean;
  /**
   * Where each group's position is kept across restarts (`pgBusOffsets`): a group subscribing reads its saved
   * offsets (none: offset 0, the beginning of the log), and the positions are saved every `offsetsSaveIntervalMs`
   * and at `close()`. Offsets are absolute, so the log must be rebuilt the same way at each start (`preload`).
   * A partition no group reads yet is then never trimmed: the group that will read it starts at 0.
   */
  offsets?: BusOffsets;
  /** How often the moved positions are saved (default 1 s): a crash redelivers at most this much, which the inbox drops. */
  offsetsSaveIntervalMs?: number;
  /** Told each delivery's outcome (the metrics). */
  observer?: DeliveryObserver;
}

/** The in-process bus, whose log can be rebuilt at start from a durable one (the embedded mode's outboxes). */
export interface InProcessBus extends EventBus {
  /**
   * Appends messages to the log as they were published before (in their order, each to its key's partition), without
   * waiting for any group: call it before the groups subscribe to rebuild the log a restart lost.
   */
  preload(messages: readonly BusMessage[]): void;
  lag(): Promise<readonly ConsumerLag[]>;
}

interface Member {
  id: number;
  topics: ReadonlySet<string>;
  handler: MessageHandler;
  park?: Subscription['park'];
}

interface Cursor {
  topic: string;
  partition: number;
  /** The next offset to deliver. */
  offset: number;
  running?: Promise<void>;
  /** Publishes waiting (`awaitDelivery`) for this cursor to pass their offset. */
  waiters: DeliveryWaiters;
}

interface Group {
  name: string;
  members: Member[];
  cursors: Map<string, Cursor>;
  /** The positions saved by an earlier process (`offsets`). */
  saved?: Map<string, Map<number, number>>;
}

/** The delivery whose handler is running in this async context, to catch a handler publishing into it. */
const delivering = new AsyncLocalStorage<{ group: string; cursor: Cursor }>();

/**
 * The event bus of the embedded mode, with Kafka's contract: per topic a fixed number of partitions chosen by key;
 * per group each partition is delivered in order, one message at a time, to one member of the group; a failing
 * handler is retried with backoff and parked after `maxAttempts`; a new group reads from the beginning.
 * The log lives in memory: what a group has not consumed when the process stops is gone, unless `awaitDelivery`
 * keeps the outbox rows unpublished until then, or the log is rebuilt at start (`preload`) with the groups'
 * positions kept in `offsets`.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const partitions = options.partitions ?? 3;
  if (!Number.isInteger(partitions) || partitions < 1)
    throw new Error('partitions must be a positive integer');
  const retry = options.retry ?? defaultRetry;
  const logger = options.logger ?? pino({ name: 'in-process-bus' });
  const onPoison = options.onPoison ?? logPoison(logger);
  const retain = options.retainPerPartition ?? 10_000;
  const awaitDelivery = options.awaitDelivery ?? false;
  const positions =
    options.offsets && savedPositions(options.offsets, options.offsetsSaveIntervalMs ?? 1000, logger);

  const logOf = topicLogs(partitions);
  const groups = new Map<string, Group>();
  const stopping = new AbortController();
  let closed = false;
  let memberIds = 0;

  const assignee = (group: Group, topic: string, partition: number): Member | undefined => {
    const members = group.members.filter((member) => member.topics.has(topic));
    if (members.length === 0) return undefined;
    // Spread the partitions of every topic over the members, like Kafka's round-robin assignor.
    return members[(partition + partitionFor(topic, 7919)) % members.length];
  };

  const trim = (topic: string, partition: number) => {
    const log = logOf(topic)[partition];
    if (!log) return;
    let consumed = positions ? -Infinity : Infinity;
    for (const group of groups.values()) {
      const cursor = group.cursors.get(cursorKey(topic, partition));
      if (cursor) consumed = consumed === -Infinity ? cursor.offset : Math.min(consumed, cursor.offset);
    }
    trimLog(log, consumed, retain);
  };

  const drive = async (group: Group, cursor: Cursor): Promise<void> => {
    // Handlers start on a later turn of the event loop, never inside the publisher's own continuation.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (;;) {
        const log = logOf(cursor.topic)[cursor.partition];
        if (!log || closed) break;
        if (cursor.offset < log.base) {
          cursor.offset = log.base;
          cursor.waiters.passed(cursor.offset);
        }
        const message = messageAt(log, cursor.offset);
        const member = message && assignee(group, cursor.topic, cursor.partition);
        // Checked and cleared synchronously, so a publish racing with the end of the loop restarts it.
        if (!message || !member) break;
        const outcome = await deliverWithRetry({
          group: group.name,
          message,
          // A fresh context per delivery: the one the drive inherited belongs to whoever kicked it.
          handler: (m) => delivering.run({ group: group.name, cursor }, () => member.handler(m)),
          retry,
          onPoison,
          park: member.park,
          logger,
          signal: stopping.signal,
        });
        observeDelivery(options.observer, group.name, cursor.topic, outcome);
        if (outcome === 'aborted') break;
        cursor.offset++;
        positions?.moved(group.name, cursor);
        cursor.waiters.passed(cursor.offset);
        trim(cursor.topic, cursor.partition);
      }
    } catch (error) {
      logger.error({ err: error, group: group.name, topic: cursor.topic }, 'in-process delivery stopped');
    }
    cursor.running = undefined;
  };

  const kick = (group: Group, cursor: Cursor) => {
    if (closed || cursor.running) return;
    // Outside any delivery's context: a publish from a handler kicks drives that are not that handler's.
    cursor.running = delivering.exit(() => drive(group, cursor));
  };

  const kickTopic = (topic: string, partition: number) => {
    for (const group of groups.values()) {
      const cursor = group.cursors.get(cursorKey(topic, partition));
      if (cursor) kick(group, cursor);
    }
  };

  /** Resolves once every group's cursor on these partitions has passed their current last message. */
  const passedByAll = (touched: ReadonlyMap<string, { topic: string; partition: number }>): Promise<void> => {
    const waits: Promise<void>[] = [];
    for (const [key, { topic, partition }] of touched) {
      const log = logOf(topic)[partition]!;
      const offset = endOf(log) - 1;
      for (const group of groups.values()) {
        const cursor = group.cursors.get(key);
        if (cursor && cursor.offset <= offset) {
          waits.push(cursor.waiters.wait(offset));
        }
      }
    }
    return Promise.all(waits).then(() => undefined);
  };

  /** Checks and places messages on their partitions; `append` then adds them to the log. */
  const place = (messages: readonly BusMessage[]) => {
    if (closed) throw new Error('Event bus is closed');
    for (const message of messages) {
      if (!message.topic || !message.key) throw new Error(`Message ${message.id} needs a topic and a key`);
    }
    const touched = new Map<string, { topic: string; partition: number }>();
    const placed = messages.map((message) => {
      const partition = partitionFor(message.key, partitions);
      touched.set(cursorKey(message.topic, partition), { topic: message.topic, partition });
      return { message, partition };
    });
    const append = () => {
      for (const { message, partition } of placed) logOf(message.topic)[partition]!.messages.push(message);
    };
    return { touched, append };
  };

  const deliverTouched = (touched: ReadonlyMap<string, { topic: string; partition: number }>) => {
    for (const { topic, partition } of touched.values()) {
      trim(topic, partition);
      kickTopic(topic, partition);
    }
  };

  return {
    preload(messages: readonly BusMessage[]): void {
      const { touched, append } = place(messages);
      append();
      deliverTouched(touched);
    },

    async publish(messages: readonly BusMessage[]): Promise<void> {
      const { touched, append } = place(messages);
      const inHandler = delivering.getStore();
      if (
        awaitDelivery &&
        inHandler &&
        touched.has(cursorKey(inHandler.cursor.topic, inHandler.cursor.partition))
      ) {
        throw new Error(
          `publish() inside a handler of group "${inHandler.group}" would wait for that very handler ` +
            `(topic ${inHandler.cursor.topic}, partition ${inHandler.cursor.partition}): ` +
            'write to the outbox and wake its relay instead',
        );
      }
      append();
      const delivered = awaitDelivery ? passedByAll(touched) : undefined;
      deliverTouched(touched);
      await delivered;
    },

    async subscribe(subscription: Subscription): Promise<void> {
      if (closed) throw new Error('Event bus is closed');
      let group = groups.get(subscription.group);
      if (!group) {
        const saved = positions && (await positions.load(subscription.group));
        if (closed) throw new Error('Event bus is closed');
        group = groups.get(subscription.group) ?? {
          name: subscription.group,
          members: [],
          cursors: new Map(),
          saved,
        };
        groups.set(subscription.group, group);
      }
      group.members.push({
        id: ++memberIds,
        topics: new Set(subscription.topics),
        handler: subscription.handler,
        park: subscription.park,
      });
      for (const topic of subscription.topics) {
        const log = logOf(topic);
        for (let partition = 0; partition < partitions; partition++) {
          const key = cursorKey(topic, partition);
          let cursor = group.cursors.get(key);
          if (!cursor) {
            cursor = {
              topic,
              partition,
              offset: startOffset(group, log[partition]!, topic, partition),
              waiters: new DeliveryWaiters(),
            };
            group.cursors.set(key, cursor);
          }
          kick(group, cursor);
        }
      }
    },

    async ping(): Promise<boolean> {
      return !closed;
    },

    async lag(): Promise<readonly ConsumerLag[]> {
      const lags: ConsumerLag[] = [];
      for (const group of groups.values()) {
        const byTopic = new Map<string, number>();
        for (const cursor of group.cursors.values()) {
          const log = logOf(cursor.topic)[cursor.partition];
          const behind = log ? Math.max(0, endOf(log) - cursor.offset) : 0;
          byTopic.set(cursor.topic, (byTopic.get(cursor.topic) ?? 0) + behind);
        }
        for (const [topic, lag] of byTopic) lags.push({ group: group.name, topic, lag });
      }
      return lags;
    },

    async close(): Promise<void> {
      closed = true;
      stopping.abort();
      const running: Promise<void>[] = [];
      for (const group of groups.values()) {
        for (const cursor of group.cursors.values()) {
          // Rejected first: the handler in flight may itself be waiting for something that waits for a publish.
          cursor.waiters.rejectAll(
            new Error('Event bus closed before every consumer group had handled the published messages'),
          );
          if (cursor.running) running.push(cursor.running);
        }
      }
      await Promise.all(running);
      await positions?.close();
    },
  };

  function startOffset(group: Group, log: PartitionLog, topic: string, partition: number): number {
    const saved = group.saved?.get(topic)?.get(partition) ?? 0;
    const end = endOf(log);
    if (saved > end) {
      // The log is shorter than when the offset was saved: rebuilt differently, so deliver from its end on.
      logger.warn(
        { group: group.name, topic, partition, saved, end },
        'saved offset past the end of the log',
      );
      return end;
    }
    return Math.max(saved, log.base);
  }
}
