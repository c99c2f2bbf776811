import { onEventAt, projection, type Db, type Subscription, type Tx } from '@vellum/platform';
import {
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  CirrusFollowedSchema,
  CirrusSignedInSchema,
  LinkClickedSchema,
  LinkPageChangedSchema,
  MessageSentSchema,
  Topics,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumPublishedSchema,
} from '@vellum/proto';
import { cirriStore } from '../store/cirri-store';
import { dailyStore } from '../store/daily-store';
import { SCHEMA } from '../store/migrations';
import { cirri } from './cirri';

/**
 * The per-cirrus rows and the daily counters, kept from identity, vellum, action, social, link and messaging events;
 * each event is applied once (inbox), rows and counters in the same transaction. One subscription for all topics: a
 * Kafka consumer group's members must all subscribe to the same topics. Events it does not count (updates, ratings,
 * abandons, unfollows, conversations started) change nothing. A deleted cirrus leaves a tombstone
 * (`analytics.deleted_cirri`): identity's events about it arriving later change nothing, and the others still count
 * in the daily counters (which name nobody) but write no row of it again.
 */
export function analyticsProjection(db: Db): Subscription {
  return projection({
    db,
    schema: SCHEMA,
    group: 'analytics',
    consumer: 'analytics',
    topics: [
      Topics.identityCirrus,
      Topics.vellumVellum,
      Topics.actionAction,
      Topics.socialFollow,
      Topics.linkPage,
      Topics.messagingMessage,
    ],
    // Everything analytics keeps is this projection's: a replay empties it and rebuilds it from the first event.
    owns: ['cirri', 'active_days', 'daily', 'deleted_cirri'],
    on: [
      ...cirri.on,
      onEventAt(CirrusSignedInSchema, async (tx, e, at) => {
        await cirri.unlessDeleted(tx, [e.cirrusId], async () => {
          await cirriStore.signedIn(tx, e.cirrusId, at);
          if (await dailyStore.active(tx, e.cirrusId, at)) await dailyStore.bump(tx, 'activeCirri', at);
        });
      }),
      onEventAt(VellumCreatedSchema, async (tx, e, at) => {
        await countFor(tx, e.ownerId, 'vellums', 1);
        await dailyStore.bump(tx, 'vellumsCreated', at);
      }),
      onEventAt(VellumPublishedSchema, (tx, _e, at) => dailyStore.bump(tx, 'vellumsPublished', at)),
      onEventAt(VellumDeletedSchema, (tx, e) => countFor(tx, e.ownerId, 'vellums', -1)),
      onEventAt(ActionCreatedSchema, async (tx, e, at) => {
        await countFor(tx, e.ownerId, 'actions', 1);
        await dailyStore.bump(tx, 'actionsCreated', at);
      }),
      onEventAt(ActionRequestedSchema, async (tx, e, at) => {
        await countFor(tx, e.ownerId, 'actions', 1);
        await dailyStore.bump(tx, 'actionsCreated', at);
      }),
      onEventAt(ActionCompletedSchema, (tx, _e, at) => dailyStore.bump(tx, 'actionsCompleted', at)),
      onEventAt(CirrusFollowedSchema, (tx, _e, at) => dailyStore.bump(tx, 'follows', at)),
      onEventAt(LinkPageChangedSchema, (tx, _e, at) => dailyStore.bump(tx, 'linkPagesChanged', at)),
      onEventAt(LinkClickedSchema, (tx, _e, at) => dailyStore.bump(tx, 'linkClicks', at)),
      onEventAt(MessageSentSchema, (tx, _e, at) => dailyStore.bump(tx, 'messagesSent', at)),
    ],
  });
}

/** Moves a counted column of the cirrus's row, unless the cirrus was deleted: its row is not written again. */
async function countFor(tx: Tx, cirrusId: string, column: 'vellums' | 'actions', delta: 1 | -1) {
  await cirri.unlessDeleted(tx, [cirrusId], () => cirriStore.count(tx, cirrusId, column, delta));
}
