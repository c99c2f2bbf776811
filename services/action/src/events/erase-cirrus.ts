import type { Queryable } from '@vellum/platform';
import { ActionAbandonedSchema, timestampFromDate } from '@vellum/proto';
import { actionStore } from '../store/action-store';
import { peopleStore } from '../store/people-store';
import { emit } from './emit';

/**
 * `CirrusDeleted`, after its tombstone (`people` records it, once the writes under way that involve the cirrus are
 * done, and removes its name after this): the cirrus's own actions, the requests it made or received and its follows
 * are removed. A request it made that was still open on someone else's list leaves that list: each one is announced
 * as `ActionAbandoned` (requester left empty) with the owner's new outstanding count, so the count shown elsewhere
 * follows. The owners' lists are locked in id order first, as every list write locks its list.
 */
export async function eraseCirrus(tx: Queryable, cirrusId: string, at: Date): Promise<void> {
  for (const ownerId of await actionStore.ownersRequestedBy(tx, cirrusId))
    await actionStore.lockList(tx, ownerId);
  const leftLists = await actionStore.removeCirrus(tx, cirrusId);
  await peopleStore.removeFollows(tx, cirrusId);
  for (const action of leftLists) {
    const outstandingActions = await actionStore.outstanding(tx, action.ownerId);
    await emit(
      tx,
      action.ownerId,
      ActionAbandonedSchema,
      {
        actionId: action.id,
        ownerId: action.ownerId,
        requesterId: '',
        abandonedAt: timestampFromDate(at),
        outstandingActions,
      },
      at,
    );
  }
}
