import { cirriReadModel } from '@vellum/platform';
import { dailyStore } from '../store/daily-store';
import { SCHEMA } from '../store/migrations';

/**
 * What `analytics.cirri` keeps from identity's events (the other services' counts: `cirriStore`): the account as
 * created (the email lower-cased, the event's time as `created`), its verification, its names as changed. Every
 * write is an upsert, so a row another event made first is filled in. Sign-ups and verifications count in the daily
 * counters too.
 */
export const cirri = cirriReadModel({
  schema: SCHEMA,
  table: 'cirri',
  created: {
    set: (e, at) => ({
      email: e.email.toLowerCase(),
      username: e.username,
      first_name: e.firstName,
      last_name: e.lastName,
      created: at,
    }),
    after: (tx, _e, at) => dailyStore.bump(tx, 'signUps', at),
  },
  verified: { set: () => ({ verified: true }), after: (tx, _e, at) => dailyStore.bump(tx, 'verified', at) },
  profileChanged: { set: (e) => ({ username: e.username, first_name: e.firstName, last_name: e.lastName }) },
  // Its active days go with its row; the daily counters stay (they name nobody).
  removeCirrus: (tx, e) => dailyStore.forget(tx, e.cirrusId),
});
