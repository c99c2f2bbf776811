import { pageOf, parseSearch, type Caller } from '@vellum/platform';
import type { MessageSearchPage } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { pageCursor } from '../domain/cursor';
import { findConversation } from './find-conversation';
import { messageViewer } from './message-views';

/**
 * The conversation's messages whose words match the search (`q`, already checked), newest first, a page at a time
 * (older than `before`), each with its snippet; for its participants only. A deleted message has no text, so it is
 * never found; a search with no letters or digits finds nothing.
 */
export async function searchMessages(
  ctx: MessagingContext,
  caller: Caller,
  input: { conversation: string; q: string; before?: string; limit: number },
): Promise<MessageSearchPage> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const [beforeKey] = pageCursor.decode(input.before) ?? [];
  const search = parseSearch(input.q);
  if (!search) return { results: [], nextCursor: null };
  const [found, view] = await Promise.all([
    ctx.store.searchMessages(conversation.id, search, { beforeKey, limit: input.limit + 1 }),
    messageViewer(ctx, conversation),
  ]);
  const { page, nextCursor } = pageOf(found, input.limit, (f) => pageCursor.encode([f.message.key]));
  return { results: page.map((f) => ({ message: view(f.message), snippet: f.snippet })), nextCursor };
}
