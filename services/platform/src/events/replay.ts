import type { Logger } from 'pino';
import type { EventLog } from './outbox-log';
import { defaultRetry, deliverWithRetry, logPoison, type RetryOptions } from './retry';
import type { Subscription } from './types';

export interface ReplayOptions {
  /**
   * The service's subscriptions: those with a `reset` (its projections) are rebuilt, its reactions left alone; any
   * other makes the replay refuse before it changes anything (`NotReplayableError`).
   */
  subscriptions: readonly Subscription[];
  /** Where the events come from: `outboxLog` (embedded) or `kafkaLog` (distributed). */
  log: EventLog;
  logger: Logger;
  /** How a failing event is retried before it is parked, as on the bus (default: the buses' default). */
  retry?: RetryOptions;
}

export interface ReplayReport {
  /** Per rebuilt subscription: its group, topics, how many events went through its handler, how many were parked. */
  projections: Array<{ group: string; topics: string[]; events: number; parked: number }>;
}

/** A subscription that is neither a projection (no `reset`) nor a declared reaction: nothing could rebuild it. */
export class NotReplayableError extends Error {
  constructor(subscriptions: readonly Subscription[]) {
    const names = subscriptions.map((s) => `${s.group} (${s.topics.join(', ')})`).join('; ');
    super(`cannot replay: ${names}: no reset and not declared a reaction; nothing was changed`);
    this.name = 'NotReplayableError';
  }
}

/**
 * Rebuilds a service's projections from the beginning of the log: each one's `reset` empties its read model and
 * inbox rows, then every event of its topics, up to the end of the log seen when its turn starts, goes through its
 * own handler in log order. The handlers apply each event once (inbox), so running the replay again, or the live
 * consumers redelivering what the replay already applied, changes nothing. An event the handler keeps failing on is
 * retried and parked as on the bus (`deliverWithRetry`).
 * The live consumers of the group must be stopped meanwhile: an event they apply between the reset and the replay's
 * turn would be applied to an emptied read model.
 */
export async function replayProjections(options: ReplayOptions): Promise<ReplayReport> {
  const unreplayable = options.subscriptions.filter((s) => !s.reset && !s.reaction);
  if (unreplayable.length > 0) throw new NotReplayableError(unreplayable);
  const report: ReplayReport = { projections: [] };
  const { logger } = options;
  const never = new AbortController().signal;
  for (const subscription of options.subscriptions) {
    if (!subscription.reset) continue; // a reaction
    await subscription.reset();
    const counts = { events: 0, parked: 0 };
    await options.log.read(subscription.topics, async (message) => {
      counts.events++;
      const outcome = await deliverWithRetry({
        group: subscription.group,
        message,
        handler: subscription.handler,
        retry: options.retry ?? defaultRetry,
        onPoison: logPoison(logger),
        park: subscription.park,
        logger,
        signal: never,
      });
      if (outcome === 'parked') counts.parked++;
    });
    const line = { group: subscription.group, topics: [...subscription.topics], ...counts };
    logger.info(line, 'projection replayed');
    report.projections.push(line);
  }
  return report;
}
