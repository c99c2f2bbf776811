import { NotFound } from '@vellum/platform';
import { messagingMessages } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { idOf } from '../domain/conversation';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';

/** The message `id` names, when it is one of the conversation's; else 404 'This message is not in the conversation.'. */
export async function messageIn(
  ctx: MessagingContext,
  conversation: StoredConversation,
  id: string,
): Promise<StoredMessage> {
  const message = await ctx.store.message(idOf(id, messagingMessages.messageNotFound));
  if (!message || message.conversation !== conversation.id)
    throw new NotFound(messagingMessages.messageNotFound);
  return message;
}
