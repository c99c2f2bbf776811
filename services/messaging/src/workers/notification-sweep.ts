import { pollingLoop, type Logger, type NextTurn, type ServiceWorker } from '@vellum/platform';
import { keptSince } from '../domain/notification';
import type { MessagingRepository } from '../store/messaging-repository';

/** How often the sweep runs; reads never show an older notification meanwhile (they filter by age too). */
export const NOTIFICATION_SWEEP_MS = 60 * 60 * 1000;

/**
 * Removes the notifications older than the keeping time, on whichever store, once at start and then every
 * `intervalMs`; a failed round is logged and tried again at the next (every replica sweeps: a delete twice is one).
 */
export function notificationSweep(
  store: Pick<MessagingRepository, 'sweepNotifications'>,
  {
    clock,
    logger,
    intervalMs = NOTIFICATION_SWEEP_MS,
  }: { clock: () => Date; logger: Logger; intervalMs?: number },
): ServiceWorker {
  const loop = pollingLoop(async (): Promise<NextTurn> => {
    try {
      const removed = await store.sweepNotifications(keptSince(clock()));
      if (removed > 0) logger.info({ removed }, 'notifications older than the keeping time removed');
    } catch (err) {
      logger.warn({ err }, 'notification sweep failed; trying again at the next round');
    }
    return { delayMs: intervalMs, wakeable: false };
  });
  return { name: 'messaging notification sweep', start: () => loop.start(), stop: () => loop.stop() };
}
