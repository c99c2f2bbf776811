import type { Caller } from '@vellum/platform';
import type { MessagingContext } from '../context';
import { totalOf } from '../domain/unread';

/** The caller's unread messages in all their conversations, always counted from the store. */
export async function countUnread(ctx: MessagingContext, caller: Caller): Promise<number> {
  return totalOf(await ctx.store.unread(caller.id));
}
