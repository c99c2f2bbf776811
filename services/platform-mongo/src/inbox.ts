import type { Collection, Document, Filter, UpdateFilter } from 'mongodb';
import { isDuplicateKey } from './connect';

/** The field of a projected document that holds the ids of the last events applied to it. */
export const APPLIED_EVENTS_FIELD = 'appliedEvents';

/**
 * Ids kept per document (the newest). A redelivery is of an event whose offset was not committed yet, and the bus
 * delivers one key's events in order, so a repeat comes before this many newer events of the same document have
 * been applied; an older id would be applied again.
 */
export const APPLIED_EVENTS_KEPT = 100;

/**
 * The inbox of a MongoDB projection, on the document itself (FerretDB, like MongoDB without a replica set, has no
 * multi-document transactions): ONE update applies `update` to the document `_id` and records `eventId` in its
 * `appliedEvents`, only when that id is not there yet. With `upsert`, a missing document is created. True when the
 * event was applied now, false when it had been already. The oldest ids past `APPLIED_EVENTS_KEPT` are dropped by a
 * second update (FerretDB 1.x ignores `$push`'s `$slice`); a crash between the two leaves a few more ids, no harm.
 */
export async function applyOnce<T extends Document>(
  collection: Collection<T>,
  id: T['_id'],
  eventId: string,
  update: UpdateFilter<T>,
  options: { upsert?: boolean } = {},
): Promise<boolean> {
  const filter = { _id: id } as Filter<T>;
  const withMarker = {
    ...update,
    $push: { ...(update.$push as object | undefined), [APPLIED_EVENTS_FIELD]: eventId },
  } as unknown as UpdateFilter<T>;
  try {
    const result = await collection.updateOne(
      { ...filter, [APPLIED_EVENTS_FIELD]: { $ne: eventId } } as Filter<T>,
      withMarker,
      { upsert: options.upsert ?? false },
    );
    if (result.modifiedCount + result.upsertedCount !== 1) return false;
  } catch (error) {
    // The document exists and already holds the id: the upsert's filter missed it and the insert met its _id.
    if (options.upsert && isDuplicateKey(error)) return false;
    throw error;
  }
  const doc = await collection.findOne(filter, { projection: { [APPLIED_EVENTS_FIELD]: 1 } });
  const applied = (doc?.[APPLIED_EVENTS_FIELD] as string[] | undefined) ?? [];
  if (applied.length > APPLIED_EVENTS_KEPT) {
    await collection.updateOne(filter, {
      $pullAll: { [APPLIED_EVENTS_FIELD]: applied.slice(0, applied.length - APPLIED_EVENTS_KEPT) },
    } as unknown as UpdateFilter<T>);
  }
  return true;
}
