import { useEffect, useRef } from 'react';
import { drafts } from './drafts';

export const DRAFT_WRITE_DELAY_MS = 300;

export interface DraftAutosaveOptions {
  /** Off while there is nothing to keep (not editing) or a kept draft is still offered. */
  enabled: boolean;
  key: string | null;
  title: string;
  text: string;
  /** True when title or text differ from what the server has. */
  dirty: boolean;
}

/**
 * Keeps the unsaved edits in localStorage while editing: written shortly after each change and at once when the
 * page is hidden or left (a reload, a closed tab), removed as soon as nothing differs from the saved vellum.
 */
export function useDraftAutosave({ enabled, key, title, text, dirty }: DraftAutosaveOptions): void {
  const latest = useRef({ enabled, key, title, text, dirty });
  latest.current = { enabled, key, title, text, dirty };

  useEffect(() => {
    const flush = () => {
      const current = latest.current;
      if (!current.enabled || !current.key) return;
      if (current.dirty)
        drafts.write(current.key, { title: current.title, text: current.text, savedAt: Date.now() });
      else drafts.remove(current.key);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  useEffect(() => {
    if (!enabled || !key) return;
    if (!dirty) {
      drafts.remove(key);
      return;
    }
    const timer = setTimeout(
      () => drafts.write(key, { title, text, savedAt: Date.now() }),
      DRAFT_WRITE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [enabled, key, title, text, dirty]);
}
