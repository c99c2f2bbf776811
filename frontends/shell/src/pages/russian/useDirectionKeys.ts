import { useEffect } from 'react';

/** Escape or F12 anywhere on the page (but in a dialog over it) calls `toggle`. */
export function useDirectionKeys(toggle: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== 'F12') return;
      // Escape in a dialog over the page belongs to the dialog.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
