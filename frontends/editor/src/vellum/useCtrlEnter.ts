import { useEffect, useRef } from 'react';

/** Control + Enter anywhere on the page (the editor included) runs `action`: save or create (spec section 2). */
export function useCtrlEnter(enabled: boolean, action: () => void): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      // Captured before the editor sees it, so the text gets no new line.
      event.preventDefault();
      event.stopPropagation();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
