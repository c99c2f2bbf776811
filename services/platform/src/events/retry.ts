import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { BusMessage, MessageHandler, Subscription } from './types';

/** How a failing handler is retried: delays double from `initialMs` up to `maxMs`; `maxAttempts` counts every try. */
export interface RetryOptions {
  initialMs: number;
  maxMs: number;
  maxAttempts: number;
}

/**
 * Receives a message whose handler failed `maxAttempts` times (`attempts`); the partition then moves on. The bus's
 * handler sees every such message; a subscription's `park` then keeps it (a `ParkedEventStore`'s).
 */
export type PoisonHandler = (
  group: string,
  message: BusMessage,
  error: unknown,
  attempts: number,
) => void | Promise<void>;

export const defaultRetry: RetryOptions = { initialMs: 200, maxMs: 10_000, maxAttempts: 8 };

export function backoffMs(retry: RetryOptions, failedAttempts: number): number {
  return Math.min(retry.maxMs, retry.initialMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** The default poison handler: an error log line naming the message, then the partition moves on. */
export function logPoison(logger: Logger): PoisonHandler {
  return (group, message, error) => {
    logger.error(
      {
        err: error,
        group,
        topic: message.topic,
        key: message.key,
        eventId: message.id,
        eventType: message.type,
      },
      'event handler kept failing; message skipped',
    );
  };
}

export type DeliveryOutcome = 'handled' | 'parked' | 'aborted';

/** What a bus tells of each delivery's outcome: the metrics' `events_applied_total` and `events_parked_total`. */
export interface DeliveryObserver {
  applied(group: string, topic: string): void;
  parked(group: string, topic: string): void;
}

/** Tells `observer` a delivery's outcome (an aborted one is delivered again later, so it tells nothing). */
export function observeDelivery(
  observer: DeliveryObserver | undefined,
  group: string,
  topic: string,
  outcome: DeliveryOutcome,
): void {
  if (outcome === 'handled') observer?.applied(group, topic);
  else if (outcome === 'parked') observer?.parked(group, topic);
}

export interface Delivery {
  group: string;
  message: BusMessage;
  handler: MessageHandler;
  retry: RetryOptions;
  onPoison: PoisonHandler;
  /** The subscription's `park`, called after `onPoison`. */
  park?: Subscription['park'];
  logger: Logger;
  /** Aborted when the bus closes: the message stays unacknowledged and is delivered again later. */
  signal: AbortSignal;
  /** Called while waiting between attempts (Kafka heartbeats so the group keeps the member). */
  onWait?: () => Promise<void>;
}

/**
 * Calls the handler until it succeeds; after `maxAttempts` failures hands the message to `onPoison` and then to the
 * subscription's `park`, so one bad message never blocks its partition. Shared by the in-process and Kafka buses so
 * they behave alike.
 */
export async function deliverWithRetry(delivery: Delivery): Promise<DeliveryOutcome> {
  const { group, message, handler, retry, signal } = delivery;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) return 'aborted';
    try {
      await handler(message);
      return 'handled';
    } catch (error) {
      if (attempt >= retry.maxAttempts) {
        try {
          await delivery.onPoison(group, message, error, attempt);
        } catch (poisonError) {
          delivery.logger.error({ err: poisonError, group, eventId: message.id }, 'poison handler failed');
        }
        if (delivery.park) {
          try {
            await delivery.park({ group, message, error, attempts: attempt });
          } catch (parkError) {
            delivery.logger.error(
              {
                err: parkError,
                handlerError: error instanceof Error ? error.message : String(error),
                group,
                topic: message.topic,
                key: message.key,
                eventId: message.id,
                eventType: message.type,
              },
              'could not park the event; message skipped',
            );
          }
        }
        return 'parked';
      }
      const delay = backoffMs(retry, attempt);
      delivery.logger.warn(
        { err: error, group, topic: message.topic, eventId: message.id, attempt, retryInMs: delay },
        'event handler failed; retrying',
      );
      if (!(await wait(delay, signal, delivery.onWait))) return 'aborted';
    }
  }
}

/** Sleeps `ms` (in slices when `onWait` must run periodically); false when aborted. */
async function wait(ms: number, signal: AbortSignal, onWait?: () => Promise<void>): Promise<boolean> {
  const slice = onWait ? 1000 : ms;
  let left = ms;
  try {
    while (left > 0) {
      const step = Math.min(slice, left);
      await sleep(step, undefined, { signal });
      left -= step;
      if (onWait && left > 0) await onWait();
    }
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}
