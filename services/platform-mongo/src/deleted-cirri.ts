import type { Collection } from 'mongodb';
import { isDuplicateKey } from './connect';

/** A tombstone: the id of a cirrus identity deleted (`CirrusDeleted`). */
export interface DeletedCirrusDoc {
  _id: string;
  deletedAt: Date;
}

/**
 * The tombstones of deleted cirri in a service's MongoDB database (`deleted_cirri`, by `_id`). Without
 * multi-document transactions the order does the work: a deletion records the tombstone BEFORE it removes the data,
 * and a write checks before it writes and again after; one that finds the tombstone after writing undoes its write.
 * Either the deletion's removal comes after the write (and removes it) or the second check sees the tombstone.
 */
export function mongoDeletedCirri(collection: Collection<DeletedCirrusDoc>) {
  return {
    async record(id: string, at: Date = new Date()): Promise<void> {
      try {
        // By the id in lower case, as `anyDeleted` looks it up.
        const _id = id.toLowerCase();
        await collection.updateOne({ _id }, { $setOnInsert: { deletedAt: at } }, { upsert: true });
      } catch (error) {
        // Recorded at the same moment by a redelivery.
        if (!isDuplicateKey(error)) throw error;
      }
    },
    async anyDeleted(ids: readonly string[]): Promise<boolean> {
      const distinct = [...new Set(ids.map((id) => id.toLowerCase()))];
      return (await collection.findOne({ _id: { $in: distinct } }, { projection: { _id: 1 } })) !== null;
    },
  };
}

export type MongoDeletedCirri = ReturnType<typeof mongoDeletedCirri>;
