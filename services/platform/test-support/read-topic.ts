import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { unpackEnvelope, type Envelope } from '@vellum/proto';

export interface TopicMessage {
  key: string;
  envelope: Envelope;
}

export interface ReadTopicOptions {
  brokers: string[];
  topic: string;
  /** Which messages count (the test's own, among every earlier run's). */
  pick: (message: TopicMessage) => boolean;
  /** How many picked messages to wait for. */
  count: number;
  /** Fails after this long, naming what it picked (default 30 s). */
  ms?: number;
  /** Keeps reading this long after `count`, so that a message that should not come has time to show. */
  settleMs?: number;
  /**
   * Reads the messages appended within this long before the call (default 5 minutes), by their timestamps: the
   * test servers' topics keep every earlier run's events, too many to read through from the beginning in time.
   */
  sinceMs?: number;
}

const RECENT_MS = 300_000;

/**
 * Reads a real Kafka topic's recent messages (`sinceMs`) in a consumer group of its own, which starts at the first
 * offset of each partition at or after that time; resolves with the picked messages.
 */
export async function readTopic(options: ReadTopicOptions): Promise<TopicMessage[]> {
  const kafka = new Kafka({ clientId: 'topic-reader', brokers: options.brokers, logLevel: logLevel.NOTHING });
  const groupId = `topic-reader-${randomBytes(4).toString('hex')}`;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const since = Date.now() - (options.sinceMs ?? RECENT_MS);
    const partitions = await admin.fetchTopicOffsetsByTimestamp(options.topic, since);
    await admin.setOffsets({ groupId, topic: options.topic, partitions });
  } finally {
    await admin.disconnect();
  }
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: options.topic, fromBeginning: true });
    const picked: TopicMessage[] = [];
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => {
        const seen = picked.map((m) => ({ key: m.key, type: m.envelope.type }));
        reject(new Error(`${options.topic}: ${options.count} wanted, picked ${JSON.stringify(seen)}`));
      }, options.ms ?? 30_000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          const read = { key: message.key?.toString() ?? '', envelope: unpackEnvelope(message.value!) };
          if (!options.pick(read)) return;
          picked.push(read);
          if (picked.length >= options.count) resolve();
        },
      });
    }).finally(() => clearTimeout(timer));
    if (options.settleMs) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    return [...picked];
  } finally {
    await consumer.disconnect();
  }
}
