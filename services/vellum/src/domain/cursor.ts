import type { DiscoveryKey } from '../store/vellum-store';
import { isVellumId } from './access';

// Postgres' JSON form of a timestamptz: 2026-01-02T03:04:05.123456+00:00 (fraction and offset vary).
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

/** The opaque `nextCursor` of a discovery page: the last row's edit time and id. */
export const encodeCursor = (key: DiscoveryKey): string =>
  Buffer.from(`${key.editedAt}|${key.id}`, 'utf8').toString('base64url');

/** The key inside a cursor, or null when the text is not one of ours. */
export function decodeCursor(cursor: string): DiscoveryKey | null {
  if (cursor.length > 200) return null;
  const [editedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !editedAt || !id || !TIMESTAMP.test(editedAt) || !isVellumId(id)) return null;
  return { editedAt, id };
}
