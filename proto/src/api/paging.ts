import { z } from 'zod';
import { wholeNumberField } from './fields';

// The one paging rule of every list (services/README.md, "a paged list"): `?limit=` is absent (the list's default)
// or a whole number from 1 to the list's max, and `?cursor=` is the `nextCursor` of the list's previous page.

/** The longest cursor any list makes; longer text is not one of ours. */
export const PAGE_CURSOR_MAX = 400;

export const pagingMessages = {
  limit: (max: number) => `The limit must be a whole number from 1 to ${max}.`,
  cursor: 'That page of the list does not exist; start again from the first page.',
} as const;

/** `?limit=` of a list: absent → `defaultValue`; otherwise digits only, 1 to `max`; anything else is refused. */
export const pageLimitField = (defaultValue: number, max: number) =>
  wholeNumberField(pagingMessages.limit(max), defaultValue, max);

/**
 * `?cursor=` of a list, as the OpenAPI document states it: opaque text of at most PAGE_CURSOR_MAX characters. The
 * service decodes it (the platform's `keysetCursor`) and refuses, with the same message, any it did not make.
 */
export const pageCursorField = z
  .string({ error: pagingMessages.cursor })
  .max(PAGE_CURSOR_MAX, pagingMessages.cursor)
  .optional();
