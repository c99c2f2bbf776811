import type { Caller } from '@vellum/platform';
import type { NotificationCount } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { keptSince } from '../domain/notification';

/**
 * Clears the caller's notifications: every one up to the newest stored now goes from the store, and a replay does
 * not bring them back (the cleared mark stays). The caller's other tabs are told the new count.
 */
export async function clearNotifications(ctx: MessagingContext, caller: Caller): Promise<NotificationCount> {
  const since = keptSince(ctx.clock());
  const [newest] = await ctx.store.notifications(caller.id, { keptSince: since, limit: 1 });
  if (newest) await ctx.store.markNotifications(caller.id, 'cleared', newest.key, ctx.clock());
  const unread = await ctx.store.unreadNotifications(caller.id, since);
  ctx.realtime.notifyNotification({ to: caller.id, signal: { unread } });
  return { unread };
}
