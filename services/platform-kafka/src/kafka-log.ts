import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { kafkaClient, toBusMessage } from './kafka-bus';
import type { EventLog } from '@vellum/platform';

export interface KafkaLogOptions {
  /** `host:port` list, or one comma-separated string as in KAFKA_BROKERS. */
  brokers: readonly string[] | string;
  clientId: string;
  logger: Logger;
}

/**
 * The distributed mode's event log: the Kafka topics (kept forever, k8s/kafka-topics.yaml). Each `read` takes the
 * partitions' high-water marks first, then reads every partition from its earliest offset up to that mark in a
 * throwaway consumer group (deleted afterwards), handing one message at a time to `each`, in each partition's order.
 */
export function kafkaLog(options: KafkaLogOptions): EventLog {
  const kafka = kafkaClient(options.brokers, options.clientId, options.logger);
  return {
    async read(topics, each) {
      const admin = kafka.admin();
      await admin.connect();
      const groupId = `${options.clientId}.replay.${randomBytes(6).toString('hex')}`;
      try {
        const ends = new Map<string, number>();
        for (const topic of topics) {
          for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
            if (Number(high) > Number(low)) ends.set(`${topic}:${partition}`, Number(high));
          }
        }
        if (ends.size === 0) return;
        await readUpTo(kafka, groupId, topics, ends, each);
      } finally {
        await admin.deleteGroups([groupId]).catch(() => undefined);
        await admin.disconnect();
      }
    },
  };
}

async function readUpTo(
  kafka: ReturnType<typeof kafkaClient>,
  groupId: string,
  topics: readonly string[],
  ends: Map<string, number>,
  each: Parameters<EventLog['read']>[1],
): Promise<void> {
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 1000 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) reject(payload.error);
      });
      consumer
        .run({
          eachMessage: async ({ topic, partition, message }) => {
            const key = `${topic}:${partition}`;
            const end = ends.get(key);
            // Past the end taken at the start: published during the replay, the live consumers' part.
            if (end === undefined || Number(message.offset) >= end) return;
            try {
              await each(toBusMessage(topic, message));
            } catch (error) {
              reject(error);
              throw error;
            }
            if (Number(message.offset) >= end - 1) {
              ends.delete(key);
              if (ends.size === 0) resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
}
