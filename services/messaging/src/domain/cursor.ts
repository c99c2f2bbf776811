import { keysetCursor } from '@vellum/platform';

// A message's key and a conversation's place in the list: `<ISO time>|<uuid>`.
const KEY =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sortable key of something that happened at `at`: ISO times of one length sort as the times do. */
export const keyOf = (at: Date, id: string): string => `${at.toISOString()}|${id}`;

/** The cursor of a page of conversations or messages (both newest first): its last item's key. */
export const pageCursor = keysetCursor({ parts: [KEY] });
