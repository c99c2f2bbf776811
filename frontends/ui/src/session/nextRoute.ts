const KEY = 'vellum.nextRoute';

/** Remembers where a visitor wanted to go, so that sign-in can take them there (spec section 4). */
export function setNextRoute(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be disabled; sign-in then falls back to its default destination.
  }
}

/** The stored route, removed once read. */
export function takeNextRoute(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
