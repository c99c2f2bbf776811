import type { BusMessage } from './types';

/** One partition of a topic in the in-process bus: the messages still kept, from offset `base` on. */
export interface PartitionLog {
  /** Offset of `messages[0]`. */
  base: number;
  messages: BusMessage[];
}

/** Trimming copies the array, so it waits until this many messages can go at once. */
const TRIM_CHUNK = 1000;

/** The offset the next message appended to `log` gets. */
export function endOf(log: PartitionLog): number {
  return log.base + log.messages.length;
}

/** The message at `offset`, if the log still keeps it and has it yet. */
export function messageAt(log: PartitionLog, offset: number): BusMessage | undefined {
  return log.messages[offset - log.base];
}

/**
 * Drops what every group has consumed (`consumed`, the lowest of their next offsets) beyond the last `retain`
 * messages, once at least a chunk can go.
 */
export function trimLog(log: PartitionLog, consumed: number, retain: number): void {
  const dropUntil = Math.min(consumed, endOf(log) - retain);
  if (dropUntil - log.base >= TRIM_CHUNK) {
    log.messages = log.messages.slice(dropUntil - log.base);
    log.base = dropUntil;
  }
}

/** The topics' logs, each of `partitions` partitions, created on first use. */
export function topicLogs(partitions: number): (topic: string) => PartitionLog[] {
  const topics = new Map<string, PartitionLog[]>();
  return (topic) => {
    let log = topics.get(topic);
    if (!log) {
      log = Array.from({ length: partitions }, () => ({ base: 0, messages: [] }));
      topics.set(topic, log);
    }
    return log;
  };
}
