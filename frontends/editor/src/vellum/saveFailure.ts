import { isApiError } from '@vellum/ui';

/**
 * Why a save failed (issue 28), and so what the page does about it:
 * - `network`: the server could not be reached (offline, the connection dropped): kept, tried again;
 * - `timeout`: no answer in time (`SAVE_TIMEOUT_MS`): kept, tried again;
 * - `server`: a 5xx (the service down or failing): kept, tried again;
 * - `conflict`: 409, the vellum was saved elsewhere since it was loaded: the person chooses;
 * - `refused`: any other answer (a 4xx: the document refused, signed out…): the spec's message, not tried again.
 */
export type SaveFailure = 'network' | 'timeout' | 'server' | 'conflict' | 'refused';

/** A save whose answer did not come within `SAVE_TIMEOUT_MS`. */
export class SaveTimedOut extends Error {
  override readonly name = 'SaveTimedOut';
}

/** Long enough for a large vellum on a slow line; short enough that a hung connection is retried. */
export const SAVE_TIMEOUT_MS = 20_000;

/** Waits between tries of a failing save: 2 s, 5 s, 10 s, then every 30 s. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

export const retryDelay = (failures: number): number =>
  RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof SaveTimedOut) return 'timeout';
  if (!isApiError(error)) return 'refused';
  if (error.status === 0) return 'network';
  if (error.status === 409) return 'conflict';
  return error.status >= 500 ? 'server' : 'refused';
}

/** The edits are kept and the save is tried again by itself. */
export const isRetried = (failure: SaveFailure): boolean =>
  failure === 'network' || failure === 'timeout' || failure === 'server';

/** `call` with a signal that aborts it after `ms`; its abort then rejects with `SaveTimedOut`. */
export async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new SaveTimedOut('The save got no answer in time.');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
