import type { MessageView } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { messageView } from '../domain/views';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';

/**
 * How the conversation's messages are shown to its participants: each with its sender's username, and `read` from
 * the recipient's mark as it stands now.
 */
export async function messageViewer(
  ctx: MessagingContext,
  conversation: StoredConversation,
): Promise<(message: StoredMessage) => MessageView> {
  const [marks, ...cirri] = await Promise.all([
    ctx.store.readMarks(conversation),
    ...conversation.participants.map((id) => ctx.store.cirrus(id)),
  ]);
  const usernames = new Map(cirri.filter((c) => c !== null).map((c) => [c.id, c.username]));
  return (m) => messageView(m, usernames.get(m.sender) ?? '', marks.get(m.recipient));
}
