import { NotFound, RateLimited, type Caller } from '@vellum/platform';
import { MessageSentSchema, messagingMessages, type MessageView, type SendMessageInput } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { otherOf } from '../domain/conversation';
import { keyOf } from '../domain/cursor';
import { timeOrderedId } from '../domain/time-ordered-id';
import { totalOf } from '../domain/unread';
import { messageView } from '../domain/views';
import { emit, messageSent } from '../events/emit';
import type { StoredMessage } from '../store/messaging-repository';
import { findConversation } from './find-conversation';

/**
 * A participant sends a message (plain text, checked by the route's schema), at most MESSAGES_PER_MINUTE per
 * sender. It is stored with its MessageSent event in one write; then both participants' tabs are told, and the
 * recipient gets their unread total counted from the store. When either participant was deleted meanwhile, the
 * conversation is gone: Not Found, and nothing is stored.
 */
export async function sendMessage(
  ctx: MessagingContext,
  caller: Caller,
  input: SendMessageInput & { conversation: string },
): Promise<MessageView> {
  const conversation = await findConversation(ctx, caller, input.conversation);
  const limit = await ctx.sendLimiter.consume(caller.id);
  if (!limit.allowed) throw new RateLimited(messagingMessages.tooFast, limit.retryAfterSeconds);
  const at = ctx.clock();
  const id = timeOrderedId();
  const message: StoredMessage = {
    id,
    conversation: conversation.id,
    sender: caller.id,
    recipient: otherOf(conversation, caller.id),
    text: input.text,
    sentAt: at,
    key: keyOf(at, id),
    editedAt: null,
    deletedAt: null,
  };
  const stored = await ctx.unitOfWork(async (unit) => {
    await emit(unit, message.conversation, MessageSentSchema, messageSent(message), at);
    return unit.store.addMessage(message, at);
  });
  if (!stored) throw new NotFound(messagingMessages.conversationNotFound);
  const view = messageView(message, caller.username, undefined);
  try {
    ctx.realtime.notifyMessage({
      participants: conversation.participants,
      message: view,
      recipient: message.recipient,
      signal: {
        conversation: conversation.id,
        unreadMessages: totalOf(await ctx.store.unread(message.recipient)),
      },
    });
  } catch (err) {
    ctx.logger.warn({ err, conversation: conversation.id }, 'realtime notice of a new message failed');
  }
  return view;
}
