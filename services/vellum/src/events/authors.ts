import { cirriReadModel, cirrusNameColumns } from '@vellum/platform';
import { SCHEMA } from '../store/migrations';
import { followStore } from '../store/follow-store';
import { ratingStore } from '../store/rating-store';
import { vellumStore } from '../store/vellum-store';

/**
 * `vellum.authors` as identity's events and writers fill it: a new cirrus and every profile change set its username
 * and display name, so a renamed author shows under the new name in every list; a writer whose sign-up event has not
 * arrived yet is remembered by its username (`authors.remember`).
 */
export const authors = cirriReadModel({
  schema: SCHEMA,
  table: 'authors',
  ...cirrusNameColumns,
  // A deleted account: its vellums (with the scores they received), the scores it gave, its follows; then its name.
  removeCirrus: async (tx, e) => {
    await ratingStore.removeByRater(tx, e.cirrusId);
    await vellumStore.removeByOwner(tx, e.cirrusId);
    await followStore.removeCirrus(tx, e.cirrusId);
  },
});
