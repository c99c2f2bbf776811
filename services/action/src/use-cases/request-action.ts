import { randomUUID } from 'node:crypto';
import type { Caller } from '@vellum/platform';
import { ActionRequestedSchema, timestampFromDate, type ActionRequestInput } from '@vellum/proto';
import type { ActionContext } from '../context';
import { followerOf, requestRecipientId } from '../domain/access';
import { eventPriority } from '../domain/priority';
import { emit } from '../events/emit';
import { actionStore, type ActionRecord } from '../store/action-store';
import { peopleStore, type KnownCirrus } from '../store/people-store';

/** The sender puts an action on the list of one of their followers (the recipient). */
export async function requestAction(
  ctx: ActionContext,
  sender: Caller,
  input: ActionRequestInput,
): Promise<{ action: ActionRecord; recipient: KnownCirrus }> {
  const recipientId = requestRecipientId(sender, input.forCirrusI);
  const sent = await ctx.db.transaction(async (tx) => {
    // Whether someone follows the sender is social's word, as its events told it.
    const known = await peopleStore.byId(tx, recipientId);
    const follows = known ? await peopleStore.follows(tx, known.id, sender.id) : false;
    const recipient = followerOf(known, follows);
    await actionStore.lockList(tx, recipient.id);
    const action = await actionStore.insert(tx, {
      id: randomUUID(),
      ownerId: recipient.id,
      requester: sender,
      text: input.text,
      priority: input.priority,
      createdAt: ctx.clock(),
    });
    await emit(
      tx,
      action.ownerId,
      ActionRequestedSchema,
      {
        actionId: action.id,
        ownerId: action.ownerId,
        requesterId: action.requesterId ?? '',
        requesterUsername: sender.username,
        priority: eventPriority[action.priority],
        requestedAt: timestampFromDate(action.createdAt),
        outstandingActions: await actionStore.outstanding(tx, recipient.id),
      },
      action.createdAt,
    );
    return { action, recipient };
  });
  ctx.wakeOutbox();
  return sent;
}
