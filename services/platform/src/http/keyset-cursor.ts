import { PAGE_CURSOR_MAX, pagingMessages } from '@vellum/proto';
import { Invalid } from '../errors/errors';

// Keyset paging, the one way every list pages (services/README.md, "a paged list"): a page is read after the last
// row of the previous one, by its key, so a far page costs what the first one does; the client carries that key as
// an opaque `nextCursor`.

export interface KeysetCursorOptions<Parts extends readonly RegExp[]> {
  /**
   * One anchored pattern per part of the key, in order. A cursor whose parts do not all match is refused before
   * its values reach a query; an order-bound cursor adds its sort and direction as parts with exact patterns.
   */
  parts: Parts;
}

/** A key of those parts: one text per part, in order. */
export type KeyOf<Parts extends readonly RegExp[]> = { -readonly [I in keyof Parts]: string };

export interface KeysetCursor<Key extends readonly string[]> {
  /** The opaque cursor of a key. */
  encode(values: Key): string;
  /**
   * The key a cursor names; undefined when there is none. `Invalid` (the one cursor message) when the text is not a
   * cursor this codec made.
   */
  decode(text: string | undefined): Key | undefined;
}

const toText = (values: readonly string[]) =>
  Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');

/** The JSON inside base64url text, or undefined when there is none. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A codec of cursors whose key has the parts `parts`: base64url of a JSON array of strings (a part may hold `|`). */
export function keysetCursor<const Parts extends readonly RegExp[]>({
  parts,
}: KeysetCursorOptions<Parts>): KeysetCursor<KeyOf<Parts>> {
  // A global or sticky pattern remembers where it stopped, and would refuse every other cursor.
  if (parts.some((pattern) => pattern.global || pattern.sticky))
    throw new Error('keysetCursor: a part pattern cannot be global or sticky');
  const fits = (values: readonly unknown[]): values is KeyOf<Parts> =>
    values.length === parts.length &&
    values.every((value, i) => typeof value === 'string' && parts[i]!.test(value));

  return {
    encode(values) {
      if (!fits(values)) throw new Error('keysetCursor: a key does not fit its parts');
      const text = toText(values);
      if (text.length > PAGE_CURSOR_MAX) throw new Error('keysetCursor: the key is too long for a cursor');
      return text;
    },
    decode(text) {
      if (text === undefined) return undefined;
      const values = text.length <= PAGE_CURSOR_MAX ? parsed(text) : undefined;
      // Only the exact text `encode` makes: not another spelling of the same bytes or of the same array.
      if (!Array.isArray(values) || !fits(values) || toText(values) !== text)
        throw new Invalid(pagingMessages.cursor);
      return values;
    },
  };
}

/**
 * One page from the `limit + 1` rows read in the list's order (the row past the page says that another follows),
 * and the cursor of the next page: that of the page's last row, null on the last page.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
