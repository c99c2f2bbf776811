import { keysetCursor } from '@vellum/platform';
import { UUID_PATTERN } from '@vellum/proto';

// Postgres' JSON form of a timestamptz: 2026-01-02T03:04:05.123456+00:00 (fraction and offset vary).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

/** The cursor of a discovery page: `[editedAt, id]`, its last row's edit time (to the microsecond) and id. */
export const discoveryCursor = keysetCursor({ parts: [TIMESTAMP, UUID_PATTERN] });

/** The cursor of a history page: `[savedAt, id]`, its last version's save time (to the microsecond) and id. */
export const versionsCursor = keysetCursor({ parts: [TIMESTAMP, UUID_PATTERN] });

// A real as Postgres writes it (the shortest text that reads back as the same value): 0.1, 1.5e-05, 3.4028235e+38.
const REAL = /^\d+(\.\d+)?(e[+-]\d+)?$/;

/** The cursor of a search page: `[rank, id]`, its last row's rank (as Postgres wrote the real) and id. */
export const searchCursor = keysetCursor({ parts: [REAL, UUID_PATTERN] });
