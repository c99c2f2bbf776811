import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import pino, { type Logger } from 'pino';
import { whileTopicsSettle } from './while-topics-settle';
import {
  type BusMessage,
  type ConsumerLag,
  defaultRetry,
  deliverWithRetry,
  type DeliveryObserver,
  type EventBus,
  EVENT_TRACE_HEADER,
  inProcessSpan,
  logPoison,
  observeDelivery,
  type PoisonHandler,
  type RetryOptions,
  sendSpans,
  type Subscription,
} from '@vellum/platform';

export interface KafkaBusOptions {
  /** `host:port` list (or one comma-separated string, as in KAFKA_BROKERS). */
  brokers: readonly string[] | string;
  clientId: string;
  logger?: Logger;
  /** Handler retries; the same defaults as the in-process bus. */
  retry?: RetryOptions;
  /** Default: log the message and move on. */
  onPoison?: PoisonHandler;
  /** Partitions of the topics this bus creates (default 3). */
  partitions?: number;
  /** Told each delivery's outcome (the metrics). */
  observer?: DeliveryObserver;
  /** The producer's retries of one send before `publish` fails (default: 10, 100 ms doubling to 5 s). */
  producerRetry?: { retries: number; initialRetryTime?: number; maxRetryTime?: number };
}

/**
 * The settings of a topic the bus creates, as in k8s/kafka-topics.yaml: the topic is the event log a new read model
 * is built from, so nothing is ever deleted (`retention.ms` -1), and nothing compacted either (compaction would
 * keep only the last event of each key, and a projection needs every one, in order).
 */
export const EVENT_LOG_TOPIC_CONFIG = [
  { name: 'cleanup.policy', value: 'delete' },
  { name: 'retention.ms', value: '-1' },
];

/**
 * How long the group waits for a member that stopped heartbeating (a pod killed with SIGKILL never says it leaves)
 * before it rebalances without it. kafkajs's default, 30 s, kept a restarted pod unready for 30 s: its consumer's
 * join waits for the dead member to expire (found by the fault drills, load-tests/faults). 10 s is over three
 * heartbeats and above the broker's minimum (group.min.session.timeout.ms, 6 s).
 */
export const CONSUMER_SESSION_TIMEOUT_MS = 10_000;
export const CONSUMER_HEARTBEAT_INTERVAL_MS = 3_000;

const ID_HEADER = 'event-id';
const TYPE_HEADER = 'event-type';

class BusClosedError extends Error {
  constructor() {
    super('Event bus is closed');
  }
}

/**
 * The event bus of the distributed mode, over kafkajs. `publish` sends ONE batch per call with an idempotent
 * producer (acks from all in-sync replicas); topics are created when missing. Each `subscribe` is one consumer in
 * the group, reading new groups from the beginning; a message's offset is committed only once its handler
 * succeeded or the message was parked after `maxAttempts`, so a crash means redelivery, never loss.
 */
/** The Kafka bus, which can say how far behind its groups are. */
export interface KafkaBus extends EventBus {
  lag(): Promise<readonly ConsumerLag[]>;
}

export function createKafkaBus(options: KafkaBusOptions): KafkaBus {
  const logger = options.logger ?? pino({ name: 'kafka-bus' });
  const retry = options.retry ?? defaultRetry;
  const onPoison = options.onPoison ?? logPoison(logger);
  const partitions = options.partitions ?? 3;
  const kafka = kafkaClient(options.brokers, options.clientId, logger);
  const newProducer = (): Producer =>
    kafka.producer({
      idempotent: true,
      // The idempotent producer would otherwise retry forever and `publish` (and the outbox relay) would hang while
      // Kafka is away; a failed publish is retried by the relay, and consumers drop duplicates by event id.
      retry: options.producerRetry ?? { retries: 10, initialRetryTime: 100, maxRetryTime: 5000 },
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  const admin: Admin = kafka.admin();
  const consumers: Consumer[] = [];
  /** The groups this process consumes in, and their topics: what `lag` reads. */
  const subscribed = new Map<string, readonly string[]>();
  const knownTopics = new Set<string>();
  const stopping = new AbortController();
  let closed = false;

  const once = <T>(start: () => Promise<T>) => {
    let promise: Promise<T> | undefined;
    return () => {
      promise ??= start().catch((error: unknown) => {
        promise = undefined;
        throw error;
      });
      return promise;
    };
  };
  const connected = (producer: Producer) => ({ producer, ready: once(() => producer.connect()) });
  let sender = connected(newProducer());
  /**
   * A failed send leaves kafkajs's idempotent producer unusable whenever the broker kept the batch whose answer it
   * never heard (a broker that stopped mid-send): kafkajs hands that batch's sequence numbers out again, so the next
   * send of another size is refused as OUT_OF_ORDER_SEQUENCE_NUMBER, for ever (the fault drills' Kafka restart left
   * identity's outbox undrained), and one of the same size is taken for the kept batch and dropped. A new producer
   * gets a new producer id and starts its sequences afresh; the relay's re-send may then duplicate the kept batch,
   * which consumers drop by event id.
   */
  const replaceProducer = (failed: typeof sender) => {
    if (failed !== sender) return;
    sender = connected(newProducer());
    failed.producer
      .disconnect()
      .catch((error: unknown) => logger.debug({ err: error }, 'failed producer did not disconnect'));
  };
  const adminReady = once(() => admin.connect());

  const ensureTopics = async (topics: readonly string[]) => {
    const missing = [...new Set(topics)].filter((topic) => !knownTopics.has(topic));
    if (missing.length === 0) return;
    await adminReady();
    // Resolves false when they all exist already; another process creating them at the same time is fine.
    await admin.createTopics({
      topics: missing.map((topic) => ({
        topic,
        numPartitions: partitions,
        configEntries: EVENT_LOG_TOPIC_CONFIG,
      })),
    });
    for (const topic of missing) knownTopics.add(topic);
  };

  return {
    async publish(messages: readonly BusMessage[]): Promise<void> {
      if (closed) throw new BusClosedError();
      if (messages.length === 0) return;
      const spans = sendSpans(messages);
      const byTopic = new Map<string, Array<{ message: BusMessage; trace: Record<string, string> }>>();
      messages.forEach((message, i) => {
        const list = byTopic.get(message.topic) ?? [];
        list.push({ message, trace: spans.headers[i]! });
        byTopic.set(message.topic, list);
      });
      try {
        await ensureTopics([...byTopic.keys()]);
        const current = sender;
        await current.ready();
        try {
          await current.producer.sendBatch({
            acks: -1,
            topicMessages: [...byTopic].map(([topic, list]) => ({
              topic,
              messages: list.map(({ message, trace }) => ({
                key: message.key,
                value: Buffer.from(message.value.buffer, message.value.byteOffset, message.value.byteLength),
                headers: { [ID_HEADER]: message.id, [TYPE_HEADER]: message.type, ...trace },
              })),
            })),
          });
        } catch (error) {
          replaceProducer(current);
          throw error;
        }
        spans.end();
      } catch (error) {
        spans.end(error);
        throw error;
      }
    },

    async subscribe(subscription: Subscription): Promise<void> {
      if (closed) throw new BusClosedError();
      const settling = { logger, what: `subscribing ${subscription.group}` };
      await whileTopicsSettle(() => ensureTopics(subscription.topics), settling);
      // A shorter fetch long-poll than the default 5 s lets close() return sooner; data still arrives at once.
      const consumer = kafka.consumer({
        groupId: subscription.group,
        maxWaitTimeInMs: 1000,
        sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
        heartbeatInterval: CONSUMER_HEARTBEAT_INTERVAL_MS,
      });
      consumers.push(consumer);
      subscribed.set(subscription.group, subscription.topics);
      const joined = new Promise<void>((resolve, reject) => {
        const offJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
          offJoin();
          offCrash();
          resolve();
        });
        // kafkajs restarts a consumer after retriable errors; one it gives up on must not leave subscribe() hanging.
        const offCrash = consumer.on(consumer.events.CRASH, ({ payload }) => {
          if (payload.restart) return;
          offJoin();
          offCrash();
          reject(payload.error);
        });
      });
      await consumer.connect();
      await whileTopicsSettle(
        () => consumer.subscribe({ topics: [...subscription.topics], fromBeginning: true }),
        settling,
      );
      await consumer.run({
        partitionsConsumedConcurrently: partitions,
        eachMessage: async ({ topic, message, heartbeat }) => {
          const busMessage = toBusMessage(topic, message);
          const outcome = await inProcessSpan(
            subscription.group,
            busMessage,
            message.headers?.[EVENT_TRACE_HEADER]?.toString(),
            () =>
              deliverWithRetry({
                group: subscription.group,
                message: busMessage,
                handler: subscription.handler,
                retry,
                onPoison,
                park: subscription.park,
                logger,
                signal: stopping.signal,
                onWait: heartbeat,
              }),
          );
          observeDelivery(options.observer, subscription.group, topic, outcome);
          // Throwing keeps the offset uncommitted: the message is delivered again after a restart.
          if (outcome === 'aborted') throw new BusClosedError();
        },
      });
      // Resolving once the group has assigned partitions keeps a second member from rebalancing under way.
      await joined;
    },

    async ping(): Promise<boolean> {
      if (closed) return false;
      try {
        await adminReady();
        await admin.describeCluster();
        return true;
      } catch {
        return false;
      }
    },

    async lag(): Promise<readonly ConsumerLag[]> {
      if (closed || subscribed.size === 0) return [];
      await adminReady();
      const topics = [...new Set([...subscribed.values()].flat())];
      // The end of each partition, then each group's committed offset in it (-1: none yet, so from the start).
      const ends = new Map<string, { high: number; low: number }>();
      for (const topic of topics)
        for (const { partition, high, low } of await admin.fetchTopicOffsets(topic))
          ends.set(`${topic}/${partition}`, { high: Number(high), low: Number(low) });
      const lags: ConsumerLag[] = [];
      for (const [group, groupTopics] of subscribed) {
        for (const { topic, partitions: committed } of await admin.fetchOffsets({
          groupId: group,
          topics: [...groupTopics],
        })) {
          let lag = 0;
          for (const { partition, offset } of committed) {
            const end = ends.get(`${topic}/${partition}`);
            if (!end) continue;
            const at = Number(offset) < 0 ? end.low : Number(offset);
            lag += Math.max(0, end.high - at);
          }
          lags.push({ group, topic, lag });
        }
      }
      return lags;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      stopping.abort();
      await Promise.allSettled(consumers.map((consumer) => consumer.disconnect()));
      await sender.producer.disconnect();
      await admin.disconnect();
    },
  };
}

/** A kafkajs client logging through pino: the bus's, and the replay's reader (`kafkaLog`). */
export function kafkaClient(brokers: readonly string[] | string, clientId: string, logger: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers:
      typeof brokers === 'string'
        ? brokers
            .split(',')
            .map((broker) => broker.trim())
            .filter(Boolean)
        : [...brokers],
    logLevel: logLevel.WARN,
    logCreator: kafkaLogCreator(logger),
  });
}

/** The bus message a Kafka record carries (its id and type travel in headers). */
export function toBusMessage(topic: string, message: KafkaMessage): BusMessage {
  const value = message.value ?? Buffer.alloc(0);
  return {
    id: header(message.headers, ID_HEADER),
    topic,
    key: message.key?.toString('utf8') ?? '',
    type: header(message.headers, TYPE_HEADER),
    value: new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  };
}

function header(headers: IHeaders | undefined, name: string): string {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? '' : first.toString();
}

/** Chosen on purpose (see the producer's `retry`); kafkajs warns about it on every connect. */
const EXPECTED_WARNING = 'Limiting retries for the idempotent producer may invalidate EoS guarantees';

function kafkaLogCreator(logger: Logger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _timestamp, ...extra } = log;
      if (message === EXPECTED_WARNING) return;
      const fields = { kafka: namespace, ...extra };
      if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else if (level === logLevel.INFO) logger.info(fields, message);
      else logger.debug(fields, message);
    };
}
