import { NotFound, type Caller } from '@vellum/platform';
import { VERSION_COALESCE_MINUTES, VERSION_KEEP_ALL_DAYS, vellumMessages } from '@vellum/proto';
import { isVellumId } from './access';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * A save at `at` keeps the text it replaces as a version only when that text was saved at or before this moment:
 * a text saved less than VERSION_COALESCE_MINUTES earlier was an intermediate state of a burst of saves, and the
 * burst is kept as its newest text (which becomes a version when a save comes 5 minutes or more after it).
 */
export const coalescedBefore = (at: Date, minutes = VERSION_COALESCE_MINUTES) =>
  new Date(at.getTime() - minutes * MINUTE_MS);

/** Versions saved before this moment are thinned to one a day (the day's newest, by UTC day). */
export const keptWholeSince = (at: Date) => new Date(at.getTime() - VERSION_KEEP_ALL_DAYS * DAY_MS);

/**
 * The vellum, when the caller may see its history: its owner only. Anyone else, whatever the vellum's visibility,
 * gets what a vellum they cannot see answers: Not Found.
 */
export function historyOwnedBy<V extends { ownerId: string }>(
  vellum: V | null,
  caller: Caller | undefined,
): V {
  if (!vellum || !caller || vellum.ownerId !== caller.id) throw new NotFound(vellumMessages.notFound);
  return vellum;
}

/** A version id from the path; anything that cannot be one names no version. */
export function versionIdOf(value: string): string {
  if (!isVellumId(value)) throw new NotFound(vellumMessages.versionNotFound);
  return value;
}
