import { NotFound, type Caller } from '@vellum/platform';
import {
  notificationMessages,
  UUID_PATTERN,
  type MarkNotificationsReadInput,
  type NotificationCount,
} from '@vellum/proto';
import type { MessagingContext } from '../context';
import { keptSince } from '../domain/notification';

/**
 * The caller has seen their notifications up to and including `upTo` (the newest their list showed): those are read,
 * and one that arrived meanwhile stays unread. The mark only moves forward. Another's notification, or an id that
 * names none, is 404. The caller's other tabs are told the new count.
 */
export async function markNotificationsRead(
  ctx: MessagingContext,
  caller: Caller,
  input: MarkNotificationsReadInput,
): Promise<NotificationCount> {
  const id = input.upTo.toLowerCase();
  const found = UUID_PATTERN.test(id) ? await ctx.store.notification(id) : null;
  if (!found || found.recipient !== caller.id) throw new NotFound(notificationMessages.notFound);
  const { read } = await ctx.store.notificationMarks(caller.id);
  if (read === null || found.key > read)
    await ctx.store.markNotifications(caller.id, 'read', found.key, ctx.clock());
  const unread = await ctx.store.unreadNotifications(caller.id, keptSince(ctx.clock()));
  ctx.realtime.notifyNotification({ to: caller.id, signal: { unread } });
  return { unread };
}
