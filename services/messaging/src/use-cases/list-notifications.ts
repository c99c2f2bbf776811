import { pageOf, type Caller } from '@vellum/platform';
import type { NotificationsPage, NotificationView } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { pageCursor } from '../domain/cursor';
import { keptSince, targetOf } from '../domain/notification';
import type { KnownCirrus } from '../store/messaging-repository';

/**
 * The caller's notifications newest first, a page at a time (older than `before`), with their unread count. Each
 * names its actor as messaging's cirri read model knows them now (a rename shows the new name); one whose actor is
 * not known yet (identity's events on their way) waits for them, left out of the page.
 */
export async function listNotifications(
  ctx: MessagingContext,
  caller: Caller,
  input: { before?: string; limit: number },
): Promise<NotificationsPage> {
  const [beforeKey] = pageCursor.decode(input.before) ?? [];
  const since = keptSince(ctx.clock());
  const [found, marks, unread] = await Promise.all([
    ctx.store.notifications(caller.id, { beforeKey, keptSince: since, limit: input.limit + 1 }),
    ctx.store.notificationMarks(caller.id),
    ctx.store.unreadNotifications(caller.id, since),
  ]);
  const { page, nextCursor } = pageOf(found, input.limit, (n) => pageCursor.encode([n.key]));
  const actors = new Map<string, KnownCirrus | null>();
  await Promise.all(
    [...new Set(page.map((n) => n.actor))].map(async (id) => actors.set(id, await ctx.store.cirrus(id))),
  );
  const notifications = page.flatMap((n): NotificationView[] => {
    const actor = actors.get(n.actor);
    if (!actor) return [];
    return [
      {
        id: n.id,
        kind: n.kind,
        actor: { username: actor.username, displayName: actor.displayName || actor.username },
        at: n.at.toISOString(),
        read: marks.read !== null && n.key <= marks.read,
        target: targetOf(n, actor.username, caller.username),
      },
    ];
  });
  return { notifications, nextCursor, unread };
}
