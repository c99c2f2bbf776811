import { useCallback, useEffect, useRef, useState } from 'react';
import { isRetried, retryDelay, type SaveFailure } from './saveFailure';
import { useOnline } from './useOnline';

/** A save that failed for want of the network or the server, and how many times in a row. */
export interface PendingSave {
  failure: SaveFailure;
  failures: number;
}

/**
 * Tries a failed save again by itself (issue 28): at once when the browser is back online, and after a growing
 * wait (`retryDelay`) while it keeps failing; no timed try while the browser says it is offline. `retry` is the
 * page's save of what it holds then (the newest edits, not the ones that failed).
 */
export function useSaveRetry(retry: () => void) {
  const [pending, setPending] = useState<PendingSave | null>(null);
  const online = useOnline();
  const latestRetry = useRef(retry);
  latestRetry.current = retry;

  const failed = useCallback((failure: SaveFailure) => {
    if (!isRetried(failure)) return setPending(null);
    setPending((before) => ({ failure, failures: (before?.failures ?? 0) + 1 }));
  }, []);
  const settled = useCallback(() => setPending(null), []);

  useEffect(() => {
    if (!pending || !online) return;
    const timer = setTimeout(() => latestRetry.current(), retryDelay(pending.failures));
    return () => clearTimeout(timer);
  }, [pending, online]);

  const waiting = pending !== null;
  useEffect(() => {
    if (!waiting) return;
    const onOnline = () => latestRetry.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waiting]);

  return {
    pending,
    /** What the page shows as offline: the browser says so, or the last save could not reach the server. */
    offline: !online || pending?.failure === 'network',
    failed,
    settled,
  };
}
