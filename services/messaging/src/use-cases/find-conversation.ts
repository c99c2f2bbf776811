import type { Caller } from '@vellum/platform';
import { messagingMessages } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { idOf, ownConversation } from '../domain/conversation';
import type { StoredConversation } from '../store/messaging-repository';

/** The conversation named in a path, when the caller takes part in it; anyone else gets 404 as for a missing one. */
export async function findConversation(
  ctx: MessagingContext,
  caller: Caller,
  id: string,
): Promise<StoredConversation> {
  const conversationId = idOf(id, messagingMessages.conversationNotFound);
  return ownConversation(caller, await ctx.store.conversation(conversationId));
}
