import { useCallback, useState } from 'react';
import { drafts, type Draft } from './drafts';

/**
 * The draft kept in this browser for a vellum (issue 5), offered back when the page opens: `check` with what
 * the server holds offers a kept draft that differs from it and drops one that does not; until the offer is
 * settled (restored or dropped) no new draft is written.
 */
export function useDraftOffer(key: string | null) {
  const [offered, setOffered] = useState<Draft | null>(null);
  const [settled, setSettled] = useState(false);

  const check = useCallback(
    (loaded: { title: string; text: string }) => {
      const kept = key ? drafts.read(key) : null;
      if (kept && (kept.title !== loaded.title || kept.text !== loaded.text)) setOffered(kept);
      else {
        if (key && kept) drafts.remove(key);
        setSettled(true);
      }
    },
    [key],
  );

  /** The offered draft was taken back into the page. */
  const accept = useCallback(() => {
    setOffered(null);
    setSettled(true);
  }, []);

  /** Drops the kept draft (refused, or Discard Changes). */
  const drop = useCallback(() => {
    if (key) drafts.remove(key);
    setOffered(null);
    setSettled(true);
  }, [key]);

  /** The server has the edits now: nothing to keep. */
  const forget = useCallback(() => {
    if (key) drafts.remove(key);
  }, [key]);

  return { offered, settled, check, accept, drop, forget };
}
