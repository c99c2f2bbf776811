import { pageNavigation, paths, takeNextRoute } from '@vellum/ui/core';

/** Spec section 4: the pause between a successful sign-in and the redirect. */
export const SIGN_IN_REDIRECT_DELAY_MS = 500;

/**
 * Where the page goes after sign-in: the stored next route; otherwise, from the root path, the user's
 * vellums list; otherwise the same page. Every case loads the page anew.
 */
export function afterSignIn(username: string, pathname: string): void {
  const next = takeNextRoute();
  if (next) pageNavigation.assign(next);
  else if (pathname === '/') pageNavigation.assign(paths.vellums(username));
  else pageNavigation.reload();
}
