import { pageOf, type Caller } from '@vellum/platform';
import type { MessagesPage } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { pageCursor } from '../domain/cursor';
import { messageView } from '../domain/views';
import { findConversation } from './find-conversation';

/** A page of the conversation's messages, newest first, older than `before`; for its participants only. */
export async function listMessages(
  ctx: MessagingContext,
  caller: Caller,
  input: { conversation: string; before?: string; limit: number },
): Promise<MessagesPage> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const [beforeKey] = pageCursor.decode(input.before) ?? [];
  const [found, marks, ...cirri] = await Promise.all([
    ctx.store.messages(conversation.id, { beforeKey, limit: input.limit + 1 }),
    ctx.store.readMarks(conversation),
    ...conversation.participants.map((id) => ctx.store.cirrus(id)),
  ]);
  const usernames = new Map(cirri.filter((c) => c !== null).map((c) => [c.id, c.username]));
  const { page, nextCursor } = pageOf(found, input.limit, (m) => pageCursor.encode([m.key]));
  return {
    messages: page.map((m) => messageView(m, usernames.get(m.sender) ?? '', marks.get(m.recipient))),
    nextCursor,
  };
}
