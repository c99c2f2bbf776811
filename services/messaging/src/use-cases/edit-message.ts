import { Conflict, NotFound, type Caller } from '@vellum/platform';
import {
  MESSAGE_EDIT_MINUTES,
  messagingMessages,
  type EditMessageInput,
  type MessageView,
} from '@vellum/proto';
import type { MessagingContext } from '../context';
import { findOwnMessage } from './find-own-message';
import { tellChanged } from './tell-changed';

const EDIT_WINDOW_MS = MESSAGE_EDIT_MINUTES * 60_000;

/**
 * The sender replaces their message's text (checked by the route's schema, as a new message's) within
 * MESSAGE_EDIT_MINUTES of sending it; both participants' tabs get it. A deleted message is not edited (409), nor
 * one sent longer ago (409). Unread counts do not change: it stays the same message.
 */
export async function editMessage(
  ctx: MessagingContext,
  caller: Caller,
  input: EditMessageInput & { conversation: string; message: string },
): Promise<MessageView> {
  const { conversation, message } = await findOwnMessage(ctx, caller, input);
  if (message.deletedAt) throw new Conflict(messagingMessages.messageDeleted);
  const at = ctx.clock();
  if (at.getTime() - message.sentAt.getTime() > EDIT_WINDOW_MS)
    throw new Conflict(messagingMessages.editTooLate);
  // A deletion that came meanwhile wins.
  if (!(await ctx.store.editMessage(message.id, input.text, at))) {
    if (await ctx.store.message(message.id)) throw new Conflict(messagingMessages.messageDeleted);
    throw new NotFound(messagingMessages.conversationNotFound);
  }
  const view = await tellChanged(ctx, caller, conversation, message.id, false);
  if (!view) throw new NotFound(messagingMessages.conversationNotFound);
  return view;
}
