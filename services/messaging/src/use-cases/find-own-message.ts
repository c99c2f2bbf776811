import { Forbidden, type Caller } from '@vellum/platform';
import { messagingMessages } from '@vellum/proto';
import type { MessagingContext } from '../context';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';
import { findConversation } from './find-conversation';
import { messageIn } from './message-in-conversation';

/**
 * The message named in a path, with its conversation, when the caller sent it. A non-participant gets 404 as for a
 * missing conversation, a message not in it 404, and the other participant's message 403 (both participants see
 * it already, so its existence leaks nothing).
 */
export async function findOwnMessage(
  ctx: MessagingContext,
  caller: Caller,
  ids: { conversation: string; message: string },
): Promise<{ conversation: StoredConversation; message: StoredMessage }> {
  const conversation = await findConversation(ctx, caller, ids.conversation);
  const message = await messageIn(ctx, conversation, ids.message);
  if (message.sender !== caller.id) throw new Forbidden(messagingMessages.senderOnly);
  return { conversation, message };
}
