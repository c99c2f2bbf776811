import { keysetCursor } from '@vellum/platform';
import { UUID_PATTERN } from '@vellum/proto';

// A message's key and a conversation's place in the list: `<ISO time>|<uuid>` (ids are made lower-case).
const KEY = new RegExp(
  `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z\\|${UUID_PATTERN.source.slice(1, -1)}$`,
);

/** The sortable key of something that happened at `at`: ISO times of one length sort as the times do. */
export const keyOf = (at: Date, id: string): string => `${at.toISOString()}|${id}`;

/** The cursor of a page of conversations or messages (both newest first): its last item's key. */
export const pageCursor = keysetCursor({ parts: [KEY] });
