import { Invalid } from '@vellum/platform';
import { adminMessages, type AdminColumn } from '@vellum/proto';
import { isUuid } from '@vellum/proto';
import { keyPatterns, sortKeys } from './sort-keys';

/** Where a page starts: after the row with this sort key (as text) and id, in the page's order. */
export interface After {
  key: string;
  id: string;
}

interface CursorBody {
  s: AdminColumn;
  d: 'asc' | 'desc';
  k: string;
  i: string;
}

/** The opaque `nextCursor` of a page: the last row's key and id, and the order they were read in. */
export function encodeCursor(sort: AdminColumn, dir: 'asc' | 'desc', after: After): string {
  const body: CursorBody = { s: sort, d: dir, k: after.key, i: after.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * The position a cursor names, for the same sort and direction only (a cursor of another order names no place in
 * this one). Anything that is not a cursor this service made is `Invalid`, before it reaches the database.
 */
export function decodeCursor(cursor: string, sort: AdminColumn, dir: 'asc' | 'desc'): After {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw new Invalid(adminMessages.cursor);
  }
  const valid =
    typeof body === 'object' &&
    body !== null &&
    body.s === sort &&
    body.d === dir &&
    typeof body.k === 'string' &&
    typeof body.i === 'string' &&
    isUuid(body.i) &&
    keyPatterns[sortKeys[sort].type].test(body.k);
  if (!valid) throw new Invalid(adminMessages.cursor);
  return { key: body.k!, id: body.i! };
}
