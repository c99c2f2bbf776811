import { NotFound, type Caller } from '@vellum/platform';
import { messagingMessages, type MarkReadInput, type ReadAnswer } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { totalOf } from '../domain/unread';
import { findConversation } from './find-conversation';
import { messageIn } from './message-in-conversation';

/**
 * The caller has read the conversation up to and including the message `upTo`. A mark only moves forward: one at
 * or before the caller's current mark changes nothing. A moved mark is told to both participants' tabs (read
 * receipts) and to the caller's other tabs (their badge).
 */
export async function markRead(
  ctx: MessagingContext,
  caller: Caller,
  input: MarkReadInput & { conversation: string },
): Promise<ReadAnswer> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const message = await messageIn(ctx, conversation, input.upTo);
  const current = (await ctx.store.readMarks(conversation)).get(caller.id);
  const moved = current === undefined || message.key > current;
  const at = ctx.clock();
  // The conversation went meanwhile (a participant deleted): as a missing one.
  if (
    moved &&
    !(await ctx.store.addReadMark({
      conversation: conversation.id,
      reader: caller.id,
      upTo: message.id,
      key: message.key,
      at,
    }))
  )
    throw new NotFound(messagingMessages.conversationNotFound);
  const unread = await ctx.store.unread(caller.id);
  const total = totalOf(unread);
  const answer = {
    conversation: conversation.id,
    unread: unread.get(conversation.id) ?? 0,
    unreadMessages: total,
  };
  if (moved) {
    try {
      ctx.realtime.notifyRead({
        participants: conversation.participants,
        mark: { conversation: conversation.id, reader: caller.id, upTo: message.id, at: at.toISOString() },
        reader: caller.id,
        signal: { conversation: conversation.id, unreadMessages: total },
      });
    } catch (err) {
      ctx.logger.warn({ err, conversation: conversation.id }, 'realtime notice of a read mark failed');
    }
  }
  return answer;
}
