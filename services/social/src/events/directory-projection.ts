import { projection, type Db, type Subscription } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { directory } from './directory';

/**
 * The directory of cirri, kept from identity.cirrus.v1; each event is applied once (inbox). Events it does not need
 * (sign-ins) change nothing. A deleted cirrus leaves the directory, its search and every list for good, and a
 * tombstone (`social.deleted_cirri`): a later event about it (late or replayed) lists nothing of it again.
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
    on: directory.on,
  });
}
