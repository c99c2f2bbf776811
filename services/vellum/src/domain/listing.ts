import {
  DISCOVERY_PAGE_DEFAULT,
  DISCOVERY_PAGE_MAX,
  VELLUM_SEARCH_MAX,
  VELLUM_SEARCH_MIN,
  vellumMessages,
} from '@vellum/proto';
import { Invalid } from '@vellum/platform';

/** How many vellums the welcome page's showcase and how many authors its creators list show. */
export const SHOWCASE_SIZE = 12;
export const CREATORS_SIZE = 12;

/** A text search as typed: trimmed, 2 to 200 characters. */
export function searchTermOf(raw: string): string {
  const term = raw.trim();
  if (term.length < VELLUM_SEARCH_MIN) throw new Invalid(vellumMessages.searchTooShort);
  if (term.length > VELLUM_SEARCH_MAX) throw new Invalid(vellumMessages.searchTooLong);
  return term;
}

/** Rows per discovery page: the default when absent or unreadable, at most the maximum. */
export function pageSizeOf(raw: string | undefined): number {
  const n = raw === undefined ? NaN : Number(raw);
  if (!Number.isInteger(n) || n < 1) return DISCOVERY_PAGE_DEFAULT;
  return Math.min(n, DISCOVERY_PAGE_MAX);
}
