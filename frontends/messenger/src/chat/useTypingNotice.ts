import { useCallback, useRef } from 'react';
import { TYPING_NOTICE_INTERVAL_S } from '@vellum/proto/api';
import { messengerApi } from '../api/messengerApi';

/**
 * The gap between two notices: a little over the service's limit, so that two calls a second apart, arriving a few
 * milliseconds closer, are not refused.
 */
export const TYPING_NOTICE_GAP_MS = TYPING_NOTICE_INTERVAL_S * 1000 + 200;

/**
 * Tells the other participant that I am typing: called on every change of the composer's text, it sends a notice
 * at most once per TYPING_NOTICE_GAP_MS, and none for an emptied box. A notice that fails is not retried: the next
 * keystroke after the gap sends another.
 */
export function useTypingNotice(conversation: string): (text: string) => void {
  const last = useRef(0);
  return useCallback(
    (text: string) => {
      const now = Date.now();
      if (!text.trim() || now - last.current < TYPING_NOTICE_GAP_MS) return;
      last.current = now;
      messengerApi.typing(conversation).catch(() => undefined);
    },
    [conversation],
  );
}
