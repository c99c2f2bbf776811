import { cirriReadModel } from '@vellum/platform';
import { directoryStore } from '../store/directory-store';
import { SCHEMA } from '../store/migrations';

/**
 * The directory (`social.cirri`) as identity's events and signed-in callers fill it. Only verified cirri are listed:
 * a verification or a profile change (only a verified cirrus edits one) lists a cirrus seen first, and so does a
 * caller (only a verified cirrus signs in); until identity tells a display name, the username stands for it.
 */
export const directory = cirriReadModel({
  schema: SCHEMA,
  table: 'cirri',
  created: { set: (e) => ({ username: e.username, display_name: e.displayName }) },
  verified: {
    set: (e) => ({ username: e.username, verified: true }),
    firstSight: (e) => ({ display_name: e.username }),
  },
  profileChanged: {
    set: (e) => ({ username: e.username, display_name: e.displayName, image: e.image }),
    firstSight: () => ({ verified: true }),
  },
  remembered: (caller) => ({ username: caller.username, display_name: caller.username, verified: true }),
  // A deleted account leaves every followers and following list before its entry goes.
  removeCirrus: (tx, e) => directoryStore.removeFollows(tx, e.cirrusId),
});
