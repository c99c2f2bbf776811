import { deletedCirri, onEvent, projection, type Db, type Subscription, type Tx } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  Topics,
} from '@vellum/proto';
import { directoryStore } from '../store/directory-store';
import { SCHEMA } from '../store/migrations';

/**
 * The directory of cirri, kept from identity.cirrus.v1; each event is applied once (inbox). Events it does not need
 * (sign-ins) change nothing. A deleted cirrus leaves a tombstone (`social.deleted_cirri`): a later event about it
 * (late or replayed) lists nothing of it again.
 */
export function directoryProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'social',
    consumer: 'directory',
    topics: [Topics.identityCirrus],
    // Only the tombstones: social.cirri also holds the follow counts and is what social.follows refers to. A replay
    // applies every event again over it, in order; each one sets the fields it carries, so the last one wins as it
    // did live, and CirrusDeleted records its tombstone again.
    owns: ['deleted_cirri'],
    on: [
      onEvent(CirrusCreatedSchema, (tx, e) =>
        unlessDeleted(tx, e.cirrusId, () =>
          directoryStore.created(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName }),
        ),
      ),
      onEvent(CirrusVerifiedSchema, (tx, e) =>
        unlessDeleted(tx, e.cirrusId, () =>
          directoryStore.verified(tx, { id: e.cirrusId, username: e.username }),
        ),
      ),
      onEvent(CirrusProfileChangedSchema, (tx, e) =>
        unlessDeleted(tx, e.cirrusId, () =>
          directoryStore.profileChanged(tx, {
            id: e.cirrusId,
            username: e.username,
            displayName: e.displayName,
            image: e.image,
          }),
        ),
      ),
      // A deleted account leaves the directory, its search and every followers and following list, for good.
      onEvent(CirrusDeletedSchema, async (tx, e) => {
        await deletedCirri.record(tx, SCHEMA, e.cirrusId);
        await directoryStore.remove(tx, e.cirrusId);
      }),
    ],
  });
}

/** Applies `write` unless the cirrus was deleted (its tombstone). */
async function unlessDeleted(tx: Tx, cirrusId: string, write: () => Promise<void>): Promise<void> {
  if (!(await deletedCirri.anyDeleted(tx, SCHEMA, [cirrusId]))) await write();
}
