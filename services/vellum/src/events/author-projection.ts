import { onEvent, projection, type Db, type Subscription } from '@vellum/platform';
import { CirrusCreatedSchema, CirrusProfileChangedSchema, Topics } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';
import { authorStore } from '../store/author-store';

/**
 * Keeps `vellum.authors` from identity's events: a new cirrus and every profile change set its username and display
 * name, so a renamed author shows under the new name in every list (the cached public lists are dropped after each
 * change). Other cirrus events carry nothing it keeps.
 */
export function authorProjection(db: Db, onAuthorChanged: () => void = () => {}): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'vellum',
    consumer: 'authors',
    topics: [Topics.identityCirrus],
    // The welcome page's lists and Discover are cached with the authors' names in them.
    afterApply: onAuthorChanged,
    on: [CirrusCreatedSchema, CirrusProfileChangedSchema].map((schema) =>
      onEvent(schema, (tx, c) =>
        authorStore.upsert(tx, { id: c.cirrusId, username: c.username, displayName: c.displayName }),
      ),
    ),
  });
}
