import { VELLUM_SEARCH_MAX, VELLUM_SEARCH_MIN, vellumMessages } from '@vellum/proto';
import { Invalid } from '@vellum/platform';

/** How many vellums the welcome page's showcase and how many authors its creators list show. */
export const SHOWCASE_SIZE = 12;
export const CREATORS_SIZE = 12;

/** A text search as typed: trimmed, 2 to 200 characters (control characters never reach a route). */
export function searchTermOf(raw: string): string {
  const term = raw.trim();
  if (term.length < VELLUM_SEARCH_MIN) throw new Invalid(vellumMessages.searchTooShort);
  if (term.length > VELLUM_SEARCH_MAX) throw new Invalid(vellumMessages.searchTooLong);
  return term;
}
