import { createContext, useContext, useEffect } from 'react';

/** What a page may change in the shell's frame. */
export interface Chrome {
  setFooterHidden(hidden: boolean): void;
}

export const ChromeContext = createContext<Chrome | null>(null);

/** Hides the footer while the calling page is shown (spec: a page may hide the footer). */
export function useHideFooter(hidden = true): void {
  const chrome = useContext(ChromeContext);
  useEffect(() => {
    if (!chrome) return;
    chrome.setFooterHidden(hidden);
    return () => chrome.setFooterHidden(false);
  }, [chrome, hidden]);
}
