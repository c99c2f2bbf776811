import { useSyncExternalStore } from 'react';

/** Spec section 9: a width of 760 or less is mobile, where drag reordering is off. */
export const MOBILE_MAX_WIDTH = 760;

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

/** True while the window is 760 pixels wide or less, following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth <= MOBILE_MAX_WIDTH,
    () => false,
  );
}
