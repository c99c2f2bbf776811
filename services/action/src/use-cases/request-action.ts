import { randomUUID } from 'node:crypto';
import { deletedCirri, refuseDeleted, type Caller } from '@vellum/platform';
import {
  actionMessages,
  ActionRequestedSchema,
  timestampFromDate,
  type ActionRequestInput,
} from '@vellum/proto';
import type { ActionContext } from '../context';
import { followerOf, requestRecipientId } from '../domain/access';
import { eventPriority } from '../domain/priority';
import { emit } from '../events/emit';
import { actionStore, type ActionRecord } from '../store/action-store';
import { SCHEMA } from '../store/migrations';
import { peopleStore, type KnownCirrus } from '../store/people-store';

/**
 * The sender puts an action on the list of one of their followers (the recipient). A sender whose account was deleted
 * is Not Found; a deleted recipient is known no more (its people rows are gone), so it answers as an unknown one.
 */
export async function requestAction(
  ctx: ActionContext,
  sender: Caller,
  input: ActionRequestInput,
): Promise<{ action: ActionRecord; recipient: KnownCirrus }> {
  const recipientId = requestRecipientId(sender, input.forCirrusI);
  return ctx.unitOfWork(async (unit) => {
    await refuseDeleted(unit.tx, SCHEMA, [sender.id], actionMessages.notFound);
    // Holds off the recipient's deletion until this commits (or sees its tombstone: then it is unknown below).
    const deleted = await deletedCirri.anyDeleted(unit.tx, SCHEMA, [recipientId]);
    // Whether someone follows the sender is social's word, as its events told it.
    const known = deleted ? null : await peopleStore.byId(unit.tx, recipientId);
    const follows = known ? await peopleStore.follows(unit.tx, known.id, sender.id) : false;
    const recipient = followerOf(known, follows);
    await actionStore.lockList(unit.tx, recipient.id);
    const action = await actionStore.insert(unit.tx, {
      id: randomUUID(),
      ownerId: recipient.id,
      requester: sender,
      text: input.text,
      priority: input.priority,
      createdAt: ctx.clock(),
    });
    await emit(
      unit,
      action.ownerId,
      ActionRequestedSchema,
      {
        actionId: action.id,
        ownerId: action.ownerId,
        requesterId: action.requesterId ?? '',
        requesterUsername: sender.username,
        priority: eventPriority[action.priority],
        requestedAt: timestampFromDate(action.createdAt),
        outstandingActions: await actionStore.outstanding(unit.tx, recipient.id),
      },
      action.createdAt,
    );
    return { action, recipient };
  });
}
