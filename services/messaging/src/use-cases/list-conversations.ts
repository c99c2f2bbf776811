import { pageOf, type Caller } from '@vellum/platform';
import type { ConversationsPage } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { keyOf, pageCursor } from '../domain/cursor';
import { callerAsCirrus } from '../domain/views';
import { describeConversations } from './describe-conversations';

/**
 * The caller's conversations, newest activity first (last message, else start), a page after `cursor`. A person's
 * conversations are few enough to order in memory; only the page is described.
 */
export async function listConversations(
  ctx: MessagingContext,
  caller: Caller,
  input: { cursor?: string; limit: number },
): Promise<ConversationsPage> {
  const [after] = pageCursor.decode(input.cursor) ?? [];
  const conversations = await ctx.store.conversationsOf(caller.id);
  const lasts = await ctx.store.lastMessages(conversations.map((c) => c.id));
  const ordered = conversations
    .map((conversation) => ({
      conversation,
      // The last message's key (time, then its time-ordered id), else the start's.
      key: lasts.get(conversation.id)?.key ?? keyOf(conversation.startedAt, conversation.id),
    }))
    .filter((c) => after === undefined || c.key < after)
    .sort((a, b) => (a.key < b.key ? 1 : -1));
  const { page, nextCursor } = pageOf(ordered.slice(0, input.limit + 1), input.limit, (c) =>
    pageCursor.encode([c.key]),
  );
  const me = callerAsCirrus(caller, await ctx.store.cirrus(caller.id));
  return {
    conversations: await describeConversations(
      ctx,
      me,
      page.map((c) => c.conversation),
    ),
    nextCursor,
  };
}
