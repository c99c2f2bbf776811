import { Invalid } from '@vellum/platform';

// A message's key and a conversation's place in the list: `<ISO time>|<uuid>`.
const KEY =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const BAD_CURSOR = 'This page cannot be found; start again from the first page.';

/** The sortable key of something that happened at `at`: ISO times of one length sort as the times do. */
export const keyOf = (at: Date, id: string): string => `${at.toISOString()}|${id}`;

/** The opaque `nextCursor` of a page: the last item's key. */
export const encodeCursor = (key: string): string => Buffer.from(key, 'utf8').toString('base64url');

/** The key inside a cursor; anything not made by `encodeCursor` is refused. */
export function decodeCursor(cursor: string): string {
  const key = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!KEY.test(key)) throw new Invalid(BAD_CURSOR);
  return key;
}

/** A page of `limit` from items sorted newest first, and the cursor of the next one (null at the end). */
export function pageOf<T>(items: T[], limit: number, keyOfItem: (item: T) => string) {
  const page = items.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: items.length > limit && last ? encodeCursor(keyOfItem(last)) : null };
}
