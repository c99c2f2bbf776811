import type { Caller } from '@vellum/platform';
import type { ConversationView } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { callerAsCirrus } from '../domain/views';
import { describeConversations } from './describe-conversations';
import { findConversation } from './find-conversation';

/** One of the caller's conversations as the chat's header shows it. */
export async function viewConversation(
  ctx: MessagingContext,
  caller: Caller,
  id: string,
): Promise<ConversationView> {
  const conversation = await findConversation(ctx, caller, id);
  const me = callerAsCirrus(caller, await ctx.store.cirrus(caller.id));
  const [view] = await describeConversations(ctx, me, [conversation]);
  return view!;
}
