import type { MessagingContext } from '../context';
import { totalOf } from '../domain/unread';

/** A cirrus's unread messages in all their conversations, always counted from the store. */
export async function countUnread(ctx: MessagingContext, reader: string): Promise<number> {
  return totalOf(await ctx.store.unread(reader));
}
