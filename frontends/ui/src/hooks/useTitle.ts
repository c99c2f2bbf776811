import { useEffect } from 'react';

export const PRODUCT_NAME = 'Vellum';

/** The newest page title, and how many Not Found pages (final titles) are shown now. */
let pageTitle = PRODUCT_NAME;
let finalTitles = 0;

/**
 * Sets the page title while the screen is shown; without a title (or on leaving) it is the product's name. A
 * `final` title (Not Found) stays while it is shown, whatever the page around it sets: React runs a child's effects
 * before its parent's, so a page rendering Not Found would otherwise put its own title back. Once it leaves, the
 * page's newest title shows again.
 */
export function useTitle(title?: string, final?: boolean): void {
  useEffect(() => {
    const own = title || PRODUCT_NAME;
    if (final) finalTitles++;
    else pageTitle = own;
    if (final || !finalTitles) document.title = own;
    return () => {
      if (final) finalTitles--;
      else pageTitle = PRODUCT_NAME;
      if (!finalTitles) document.title = pageTitle;
    };
  }, [title, final]);
}
