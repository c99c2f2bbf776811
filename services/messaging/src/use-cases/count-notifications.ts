import type { Caller } from '@vellum/platform';
import type { NotificationCount } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { keptSince } from '../domain/notification';

/** The caller's unread notifications (the bell's count), always counted from the store. */
export async function countNotifications(ctx: MessagingContext, caller: Caller): Promise<NotificationCount> {
  return { unread: await ctx.store.unreadNotifications(caller.id, keptSince(ctx.clock())) };
}
