import { useCallback, useEffect, useRef } from 'react';
import { drafts } from './drafts';

export const DRAFT_WRITE_DELAY_MS = 300;

export interface DraftAutosaveOptions {
  /** Off while there is nothing to keep (not editing) or a kept draft is still offered. */
  enabled: boolean;
  key: string | null;
  title: string;
  /**
   * The document as a JSON string, or a function answering it when a draft is written (for a page that does not
   * serialise its document on every keystroke; it then calls `changed()` after each change of the text).
   */
  text: string | (() => string);
  /** True when title or text differ from what the server has. */
  dirty: boolean;
}

/**
 * Keeps the unsaved edits in localStorage while editing: written shortly after each change and at once when the
 * page is hidden or left (a reload, a closed tab), removed as soon as nothing differs from the saved vellum.
 * A change of `title`, `text` (a string) or `dirty` restarts the delay, and so does `changed()`.
 */
export function useDraftAutosave({ enabled, key, title, text, dirty }: DraftAutosaveOptions): {
  changed(): void;
} {
  const latest = useRef({ enabled, key, title, text, dirty });
  latest.current = { enabled, key, title, text, dirty };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Writes the draft as it is now (or removes it when nothing differs). */
  const flush = useCallback(() => {
    const current = latest.current;
    if (!current.enabled || !current.key) return;
    if (current.dirty) {
      const value = typeof current.text === 'function' ? current.text() : current.text;
      drafts.write(current.key, { title: current.title, text: value, savedAt: Date.now() });
    } else drafts.remove(current.key);
  }, []);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const changed = useCallback(() => {
    cancel();
    const current = latest.current;
    if (!current.enabled || !current.key || !current.dirty) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      flush();
    }, DRAFT_WRITE_DELAY_MS);
  }, [cancel, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      cancel();
      flush();
    };
  }, [flush, cancel]);

  useEffect(() => {
    if (!enabled || !key) return;
    if (!dirty) {
      cancel();
      drafts.remove(key);
      return;
    }
    changed();
    return cancel;
  }, [enabled, key, title, text, dirty, changed, cancel]);

  return { changed };
}
