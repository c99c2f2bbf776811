import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
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
 * (sign-ins) change nothing.
 */
export function directoryProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'social',
    consumer: 'directory',
    topics: [Topics.identityCirrus],
    // None: social.cirri also holds the follow counts and is what social.follows refers to. A replay applies every
    // event again over it, in order; each one sets the fields it carries, so the last one wins as it did live.
    owns: [],
    on: [
      onEvent(CirrusCreatedSchema, (tx, e) =>
        directoryStore.created(tx, { id: e.cirrusId, username: e.username, displayName: e.displayName }),
      ),
      onEvent(CirrusVerifiedSchema, (tx, e) =>
        directoryStore.verified(tx, { id: e.cirrusId, username: e.username }),
      ),
      onEvent(CirrusProfileChangedSchema, (tx, e) =>
        directoryStore.profileChanged(tx, {
          id: e.cirrusId,
          username: e.username,
          displayName: e.displayName,
          image: e.image,
        }),
      ),
      // A deleted account leaves the directory, its search and every followers and following list.
      onEvent(CirrusDeletedSchema, (tx, e) => directoryStore.remove(tx, e.cirrusId)),
    ],
  });
}
