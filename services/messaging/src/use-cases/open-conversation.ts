import { randomUUID } from 'node:crypto';
import { NotFound, RateLimited, type Caller } from '@vellum/platform';
import {
  ConversationStartedSchema,
  messagingMessages,
  type ConversationView,
  type OpenConversationInput,
} from '@vellum/proto';
import type { MessagingContext } from '../context';
import { mayMessage, pairKeyOf, recipientFor } from '../domain/conversation';
import { conversationStarted, emit } from '../events/emit';
import type { StoredConversation } from '../store/messaging-repository';
import { describeConversations } from './describe-conversations';

/**
 * Opens the caller's conversation with the cirrus `username`, starting it (with both participants' vellums) when
 * the pair has none. Only a verified caller may, and only with a verified cirrus other than themselves. A caller or
 * cirrus deleted (before or while this runs) is Not Found, as an unknown cirrus, and nothing is written. Starting
 * one spends a point of CONVERSATIONS_PER_HOUR (the starter's); opening one the pair has spends nothing, also once
 * the starter is over the limit.
 */
export async function openConversation(
  ctx: MessagingContext,
  caller: Caller,
  input: OpenConversationInput,
): Promise<{ conversation: ConversationView; created: boolean }> {
  const me = await ctx.store.rememberCaller(caller);
  if (!me) throw new NotFound(messagingMessages.cirrusNotFound);
  mayMessage(me);
  const recipient = recipientFor(caller, await ctx.store.cirrusByUsername(input.username));
  const pairKey = pairKeyOf(caller.id, recipient.id);
  const limit = await ctx.startLimiter.consume(caller.id);
  if (!limit.allowed && !(await ctx.store.conversationsOf(caller.id)).some((c) => c.pairKey === pairKey)) {
    throw new RateLimited(messagingMessages.startingTooFast, limit.retryAfterSeconds);
  }
  const at = ctx.clock();
  const participants = [caller.id, recipient.id].sort() as [string, string];
  const fresh: StoredConversation = {
    id: randomUUID(),
    participants,
    pairKey,
    startedBy: caller.id,
    startedAt: at,
    vellums: participants.map((owner) => ({ id: randomUUID(), owner })),
  };
  const started = await ctx.unitOfWork(async (unit) => {
    await emit(unit, fresh.id, ConversationStartedSchema, conversationStarted(fresh, recipient.id), at);
    return unit.store.startConversation(fresh, at);
  });
  if (!started) throw new NotFound(messagingMessages.cirrusNotFound);
  const { conversation, created } = started;
  // The pair had one (or the other side started it at the same moment): nothing was started, nothing spent.
  if (!created && limit.allowed) await ctx.startLimiter.refund(caller.id);
  const [view] = await describeConversations(ctx, me, [conversation]);
  return { conversation: view!, created };
}
