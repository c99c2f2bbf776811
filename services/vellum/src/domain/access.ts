import type { Caller } from '@vellum/platform';

/** What a caller may do with a vellum: its owner everything, anyone read a public one, nobody else anything. */
export type Access = 'owner' | 'reader' | 'none';

export function accessOf(vellum: { ownerId: string; isPublic: boolean }, caller: Caller | undefined): Access {
  if (caller && caller.id === vellum.ownerId) return 'owner';
  return vellum.isPublic ? 'reader' : 'none';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Vellum ids are uuids; anything else names no vellum. */
export const isVellumId = (id: string) => UUID.test(id);
