import { NotFound, type Caller } from '@vellum/platform';
import { messagingMessages, type MessageView } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { messageView } from '../domain/views';
import { findOwnMessage } from './find-own-message';
import { tellChanged } from './tell-changed';

/**
 * The sender deletes their message, at any time: its text is removed from the store and both participants' tabs
 * get it as deleted. When the recipient had not read it, it no longer counts as unread: their counts are sent again.
 * Deleting a deleted message changes nothing and tells nobody.
 */
export async function deleteMessage(
  ctx: MessagingContext,
  caller: Caller,
  input: { conversation: string; message: string },
): Promise<MessageView> {
  const { conversation, message } = await findOwnMessage(ctx, caller, input);
  const recipientMark = (await ctx.store.readMarks(conversation)).get(message.recipient);
  if (message.deletedAt) return messageView(message, caller.username, recipientMark);
  if (!(await ctx.store.deleteMessage(message.id, ctx.clock())))
    throw new NotFound(messagingMessages.conversationNotFound);
  const wasUnread = recipientMark === undefined || recipientMark < message.key;
  const view = await tellChanged(ctx, caller, conversation, message.id, wasUnread);
  if (!view) throw new NotFound(messagingMessages.conversationNotFound);
  return view;
}
