import { Forbidden, NotFound, type Caller } from '@vellum/platform';
import { isUuid, vellumMessages } from '@vellum/proto';

/** What a caller may do with a vellum: its owner everything, anyone read a public one, nobody else anything. */
export type Access = 'owner' | 'reader' | 'none';

export function accessOf(vellum: { ownerId: string; isPublic: boolean }, caller: Caller | undefined): Access {
  if (caller && caller.id === vellum.ownerId) return 'owner';
  return vellum.isPublic ? 'reader' : 'none';
}

/** Vellum ids are uuids; anything else names no vellum. */
export const isVellumId = isUuid;

/** A vellum id from the path; anything that cannot be one is a missing vellum. */
export function vellumIdOf(value: string): string {
  if (!isVellumId(value)) throw new NotFound(vellumMessages.notFound);
  return value;
}

/**
 * The vellum, when the caller may change it (its owner). Someone else's private vellum answers as a missing one
 * (nothing of it leaks); someone else's public one is refused as not theirs.
 */
export function ownedBy<V extends { ownerId: string; isPublic: boolean }>(
  vellum: V | null,
  caller: Caller,
): V {
  const access = vellum ? accessOf(vellum, caller) : 'none';
  if (!vellum || access === 'none') throw new NotFound(vellumMessages.notFound);
  if (access !== 'owner') throw new Forbidden(vellumMessages.ownerOnly);
  return vellum;
}

/**
 * The vellum, when the caller may rate it: anyone who may read it but its owner. One the caller may not read is a
 * missing one.
 */
export function ratableBy<V extends { ownerId: string; isPublic: boolean }>(
  vellum: V | null,
  caller: Caller,
): V {
  const access = vellum ? accessOf(vellum, caller) : 'none';
  if (!vellum || access === 'none') throw new NotFound(vellumMessages.notFound);
  if (access === 'owner') throw new Forbidden(vellumMessages.cannotRateOwn);
  return vellum;
}
