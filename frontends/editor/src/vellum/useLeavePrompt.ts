import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `unsaved`, leaving the page asks first (spec section 8's text, in LeavePrompt): in-app navigation through
 * the router's blocker, reloads and closed tabs through the browser's own prompt. `allowLeaving()` lets one
 * navigation through (after a delete, say).
 */
export function useLeavePrompt(unsaved: boolean) {
  const state = useRef({ unsaved, allowed: false });
  state.current.unsaved = unsaved;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      state.current.unsaved && !state.current.allowed && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (state.current.allowed) return;
      event.preventDefault();
      // Older browsers need a value; none shows it (they show their own words).
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return {
    blocker,
    allowLeaving() {
      state.current.allowed = true;
    },
  };
}
