import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** What a broker answers while it is still creating a topic or electing its leaders: asking again shortly succeeds. */
const SETTLING_TYPES = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'NOT_LEADER_OR_FOLLOWER',
  'REQUEST_TIMED_OUT',
]);

/** Whether a kafkajs error (or every error of an aggregate, such as "Topic creation errors") is one of those. */
export function topicsSettling(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { type?: unknown; errors?: unknown; originalError?: unknown; cause?: unknown };
  if (Array.isArray(e.errors) && e.errors.length > 0) return e.errors.every(topicsSettling);
  if (typeof e.type === 'string' && SETTLING_TYPES.has(e.type)) return true;
  // kafkajs gives up on its own retries with the last error inside.
  return topicsSettling(e.originalError ?? e.cause);
}

export interface SettleOptions {
  logger: Logger;
  /** What is being done, for the log line. */
  what: string;
  /** How long to keep trying (default 60 s); the last error is thrown after it. */
  withinMs?: number;
}

/**
 * Runs `work`, again after a growing pause (250 ms to 4 s) while the broker answers that its topics are still being
 * created: on a new broker every service creates the event topics at its first start, all at once, and a
 * subscription may ask for a topic another process has begun creating. A service that gave up then would exit
 * before it is ready (a Kubernetes pod would crash-loop until the broker settled). Any other error is thrown at once.
 */
export async function whileTopicsSettle<T>(
  work: () => Promise<T>,
  { logger, what, withinMs = 60_000 }: SettleOptions,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    try {
      return await work();
    } catch (error) {
      if (!topicsSettling(error) || Date.now() + pause > deadline) throw error;
      logger.warn(
        { err: error, retryInMs: pause },
        `kafka: ${what}: its topics are still settling, trying again`,
      );
      await sleep(pause);
    }
  }
}
