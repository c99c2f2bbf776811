import type { MessagingContext } from '../context';
import { presenceView } from '../domain/presence';

/**
 * A person came online, went offline, or changed whether they show it: the people they have a conversation with
 * and who show their own presence are told over their sockets (`presence:changed`), the new state or, when the
 * person hides theirs, null. Best effort: the messenger also reads presence again every PRESENCE_REFRESH_S.
 */
export async function tellPresence(ctx: MessagingContext, id: string): Promise<void> {
  try {
    const counterparts = await ctx.store.counterpartsOf(id);
    if (counterparts.length === 0) return;
    const hidden = await ctx.store.presenceHidden([id, ...counterparts]);
    const to = counterparts.filter((other) => !hidden.has(other));
    const presence = hidden.has(id) ? null : presenceView(id, (await ctx.realtime.presenceOf([id])).get(id));
    ctx.realtime.notifyPresence({ to, presence: { i: id, presence } });
  } catch (err) {
    ctx.logger.warn({ err, cirrus: id }, 'realtime notice of presence failed');
  }
}
