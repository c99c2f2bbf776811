import type { Collection, UpdateFilter } from 'mongodb';
import { isDuplicateKey } from './connect';
import { applyOnce } from './inbox';
import type { MongoDeletedCirri } from './deleted-cirri';
import type { CirrusWord } from '@vellum/platform';

/** A cirrus as a service on MongoDB keeps it from identity's events (its `cirri` collection). */
export interface CirrusDoc {
  _id: string;
  username: string;
  /** The username in lower case: lookups by username ignore case. */
  usernameKey: string;
  displayName: string;
  image: string;
  /** Identity's CirrusVerified, or a signed-in caller (only verified cirri sign in); absent on older documents. */
  verified?: boolean;
  /** The ids of the newest events applied to it (`applyOnce`). */
  appliedEvents?: string[];
}

/** The index lookups by username go by; the service creates it at start with its others. */
export async function createCirriIndexes(cirri: Collection<CirrusDoc>): Promise<void> {
  await cirri.createIndex({ usernameKey: 1 }, { name: 'cirri_username' });
}

export interface MongoCirriOptions {
  tombstones: MongoDeletedCirri;
  /**
   * Removes what the service keeps of a deleted cirrus, the cirrus first: a write that finds the tombstone after it
   * wrote undoes itself through it (the deletion may have come between its check and its write).
   */
  removeCirrus: (id: string) => Promise<void>;
}

/**
 * The cirri a service on MongoDB knows from identity (the building block of link's and messaging's projections):
 * identity's word applied once per event, the caller remembered until the events arrive, nothing kept of a deleted
 * cirrus (the tombstone is checked before and after each write), and the applied ids forgotten for a replay.
 */
export function mongoCirri(cirri: Collection<CirrusDoc>, options: MongoCirriOptions) {
  const deleted = (id: string) => options.tombstones.anyDeleted([id]);
  return {
    /** Identity's word, once per event id; false (writing nothing) when already applied or the cirrus is deleted. */
    async apply(eventId: string, c: CirrusWord): Promise<boolean> {
      if (await deleted(c.id)) return false;
      // What the event says is set; what it does not say starts empty (unverified) on a new document. Verification
      // is never undone.
      const onInsert = {
        ...(c.displayName === undefined && { displayName: '' }),
        ...(c.image === undefined && { image: '' }),
        ...(!c.verified && { verified: false }),
      };
      const update = {
        $set: {
          username: c.username,
          usernameKey: c.username.toLowerCase(),
          ...(c.displayName !== undefined && { displayName: c.displayName }),
          ...(c.image !== undefined && { image: c.image }),
          ...(c.verified && { verified: true }),
        },
        ...(Object.keys(onInsert).length > 0 && { $setOnInsert: onInsert }),
      } as UpdateFilter<CirrusDoc>;
      const applied = await applyOnce(cirri, c.id, eventId, update, { upsert: true });
      if (!(await deleted(c.id))) return applied;
      await options.removeCirrus(c.id);
      return false;
    },

    /**
     * The signed-in caller, recorded as verified (only verified cirri sign in) when identity's events have not
     * arrived yet, which then fill in the names; null for a deleted cirrus.
     */
    async remember(caller: { id: string; username: string }): Promise<CirrusDoc | null> {
      if (await deleted(caller.id)) return null;
      try {
        await cirri.updateOne(
          { _id: caller.id },
          {
            $setOnInsert: {
              username: caller.username,
              usernameKey: caller.username.toLowerCase(),
              displayName: '',
              image: '',
              verified: true,
            },
          },
          { upsert: true },
        );
      } catch (error) {
        // Identity's event created it at the same moment.
        if (!isDuplicateKey(error)) throw error;
      }
      if (await deleted(caller.id)) {
        await options.removeCirrus(caller.id);
        return null;
      }
      return cirri.findOne({ _id: caller.id });
    },

    byId: (id: string) => cirri.findOne({ _id: id }),
    byUsername: (username: string) => cirri.findOne({ usernameKey: username.toLowerCase() }),

    /** For a replay: every event applies again, in order (nothing is emptied: the last event wins again). */
    async forgetApplied(): Promise<void> {
      await cirri.updateMany({}, { $set: { appliedEvents: [] } });
    },
  };
}

export type MongoCirri = ReturnType<typeof mongoCirri>;
