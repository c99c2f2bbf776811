import { keysetCursor } from '@vellum/platform';
import { UUID_PATTERN, type AdminColumn } from '@vellum/proto';
import { keyPatterns, sortKeys } from './sort-keys';

/** Where a page starts: after the row with this sort key (as text) and id, in the page's order. */
export interface After {
  key: string;
  id: string;
}

/** A part that is exactly `word` (a column's name or a direction: letters and underscores). */
const exactly = (word: string) => new RegExp(`^${word}$`);

/**
 * The cursor of a page in one order: `[sort, dir, key, id]`, the order and the last row's sort key and id. A cursor
 * of another order names no place in this one, so it is refused like any text this service did not make.
 */
export const adminCursor = (sort: AdminColumn, dir: 'asc' | 'desc') =>
  keysetCursor({ parts: [exactly(sort), exactly(dir), keyPatterns[sortKeys[sort].type], UUID_PATTERN] });

/** The place a cursor of this order names, if any (`Invalid` when it is not one of this order's cursors). */
export function afterOf(sort: AdminColumn, dir: 'asc' | 'desc', text: string | undefined): After | undefined {
  const key = adminCursor(sort, dir).decode(text);
  return key && { key: key[2], id: key[3] };
}
