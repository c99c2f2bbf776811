import { RateLimited, type Caller } from '@vellum/platform';
import { messagingMessages } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { otherOf } from '../domain/conversation';
import { findConversation } from './find-conversation';

/**
 * A participant is typing in the conversation: the other participant's tabs are told, nothing is stored. At most
 * once a second per typist and conversation (the messenger sends no more often while typing); past that 429, and
 * nobody is told twice.
 */
export async function signalTyping(
  ctx: MessagingContext,
  caller: Caller,
  input: { conversation: string },
): Promise<void> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const limit = await ctx.typingLimiter.consume(`${caller.id}:${conversation.id}`);
  if (!limit.allowed) throw new RateLimited(messagingMessages.typingTooOften, limit.retryAfterSeconds);
  try {
    ctx.realtime.notifyTyping({
      to: otherOf(conversation, caller.id),
      typing: { conversation: conversation.id, typist: caller.id },
    });
  } catch (err) {
    ctx.logger.warn({ err, conversation: conversation.id }, 'realtime notice of typing failed');
  }
}
