import { setTimeout as sleep } from 'node:timers/promises';

/** What one turn of a polling loop asks for next: how long to wait, and whether `wake()` may cut the wait short. */
export interface NextTurn {
  delayMs: number;
  /** False after a failure: a busy writer's `wake()` must not defeat the backoff (only `stop()` cuts it short). */
  wakeable: boolean;
}

export interface PollingLoop {
  /** Starts the loop (idempotent; never again after `stop`). */
  start(): void;
  /** Stops it after the turn in progress. */
  stop(): Promise<void>;
  /** Runs the next turn now (or right after the one in progress), unless the loop is backing off. */
  wake(): void;
}

/**
 * The loop of a relay: `turn()` (which must not throw), then the wait it asks for, until `stop()`. A `wake()` during a
 * turn makes the next turn start without waiting; one during a wakeable wait ends the wait. The outbox relays of
 * Postgres and MongoDB, and identity's mail relay run on it.
 */
export function pollingLoop(turn: () => Promise<NextTurn>): PollingLoop {
  let running: Promise<void> | undefined;
  let stopped = false;
  let woken = false;
  let interrupt: AbortController | undefined;
  let interruptible = true;

  const pause = async (ms: number, wakeable: boolean) => {
    if (wakeable && woken) {
      woken = false;
      return;
    }
    interrupt = new AbortController();
    interruptible = wakeable;
    try {
      await sleep(ms, undefined, { signal: interrupt.signal });
    } catch {
      // interrupted by wake() or stop()
    } finally {
      interrupt = undefined;
      woken = false;
    }
  };

  const loop = async () => {
    while (!stopped) {
      woken = false;
      const { delayMs, wakeable } = await turn();
      if (delayMs > 0 && !stopped) await pause(delayMs, wakeable);
    }
  };

  return {
    start() {
      if (running || stopped) return;
      running = loop();
    },
    async stop() {
      stopped = true;
      interrupt?.abort();
      await running;
    },
    wake() {
      if (interrupt && interruptible) interrupt.abort();
      else woken = true;
    },
  };
}
