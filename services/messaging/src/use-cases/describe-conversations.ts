import type { ConversationView } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { otherOf } from '../domain/conversation';
import { conversationView, unknownCirrus } from '../domain/views';
import type { KnownCirrus, StoredConversation } from '../store/messaging-repository';

/** The caller's view of each conversation: the other participant, the last message, the caller's unread count. */
export async function describeConversations(
  ctx: MessagingContext,
  me: KnownCirrus,
  conversations: StoredConversation[],
): Promise<ConversationView[]> {
  const ids = conversations.map((c) => c.id);
  const [lasts, unread] = await Promise.all([ctx.store.lastMessages(ids), ctx.store.unread(me.id)]);
  return Promise.all(
    conversations.map(async (conversation) => {
      const otherId = otherOf(conversation, me.id);
      const [other, marks] = await Promise.all([
        ctx.store.cirrus(otherId),
        ctx.store.readMarks(conversation),
      ]);
      return conversationView({
        conversation,
        me,
        other: other ?? unknownCirrus(otherId),
        last: lasts.get(conversation.id),
        marks,
        unread: unread.get(conversation.id) ?? 0,
      });
    }),
  );
}
