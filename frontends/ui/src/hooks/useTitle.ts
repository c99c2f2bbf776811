import { useEffect } from 'react';

export const PRODUCT_NAME = 'Vellum';

/** Sets the page title while the screen is shown; without a title (or on leaving) it is the product's name. */
export function useTitle(title?: string): void {
  useEffect(() => {
    document.title = title || PRODUCT_NAME;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
}
