import { Invalid, pageOf, type Caller } from '@vellum/platform';
import { messagingMessages, type MessagesPage } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { pageCursor } from '../domain/cursor';
import type { StoredConversation, StoredMessage } from '../store/messaging-repository';
import { findConversation } from './find-conversation';
import { messageIn } from './message-in-conversation';
import { messageViewer } from './message-views';

export interface MessagesPageInput {
  conversation: string;
  /** The page just older than this cursor (a page's `nextCursor`). */
  before?: string;
  /** The page just newer than this cursor (a page's `newerCursor`). */
  after?: string;
  /** The page around this message (its id). */
  around?: string;
  limit: number;
}

/**
 * A page of the conversation's messages, newest first, for its participants only: the newest, or those older than
 * `before`, or newer than `after`, or around one message (a search's result: about half older, half newer). A page
 * asked `after` or `around` also says how to read on towards the newest (`newerCursor`).
 */
export async function listMessages(
  ctx: MessagingContext,
  caller: Caller,
  input: MessagesPageInput,
): Promise<MessagesPage> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const asked = [input.before, input.after, input.around].filter((v) => v !== undefined);
  if (asked.length > 1) throw new Invalid(messagingMessages.onePageAtATime);
  if (input.around !== undefined) return messagesAround(ctx, conversation, input.around, input.limit);
  if (input.after !== undefined) {
    const [afterKey] = pageCursor.decode(input.after)!;
    const [newer, view] = await Promise.all([
      ctx.store.messages(conversation.id, { afterKey, limit: input.limit + 1 }),
      messageViewer(ctx, conversation),
    ]);
    const page = newer.slice(-input.limit);
    return {
      messages: page.map(view),
      // Older than this page: from its oldest, or (nothing newer yet) from the cursor itself.
      nextCursor: pageCursor.encode([page.at(-1)?.key ?? afterKey!]),
      newerCursor: newer.length > input.limit ? cursorAt(page[0]) : null,
    };
  }
  const [beforeKey] = pageCursor.decode(input.before) ?? [];
  const [found, view] = await Promise.all([
    ctx.store.messages(conversation.id, { beforeKey, limit: input.limit + 1 }),
    messageViewer(ctx, conversation),
  ]);
  const { page, nextCursor } = pageOf(found, input.limit, (m) => pageCursor.encode([m.key]));
  return { messages: page.map(view), nextCursor };
}

const cursorAt = (m: StoredMessage | undefined): string | null => (m ? pageCursor.encode([m.key]) : null);

/** `limit` messages centred on the one `id` names (404 when it is not the conversation's), cursors both ways. */
async function messagesAround(
  ctx: MessagingContext,
  conversation: StoredConversation,
  id: string,
  limit: number,
): Promise<MessagesPage> {
  const message = await messageIn(ctx, conversation, id);
  const newerCount = Math.floor((limit - 1) / 2);
  const olderCount = limit - 1 - newerCount;
  const [older, newer, view] = await Promise.all([
    ctx.store.messages(conversation.id, { beforeKey: message.key, limit: olderCount + 1 }),
    ctx.store.messages(conversation.id, { afterKey: message.key, limit: newerCount + 1 }),
    messageViewer(ctx, conversation),
  ]);
  const olderPage = older.slice(0, olderCount);
  const newerPage = newer.slice(Math.max(0, newer.length - newerCount));
  const page = [...newerPage, message, ...olderPage];
  return {
    messages: page.map(view),
    nextCursor: older.length > olderCount ? cursorAt(page.at(-1)) : null,
    newerCursor: newer.length > newerCount ? cursorAt(page[0]) : null,
  };
}
