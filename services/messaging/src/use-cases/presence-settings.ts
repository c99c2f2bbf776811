import { NotFound, type Caller } from '@vellum/platform';
import { messagingMessages, type PresenceSettings, type PresenceSettingsInput } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { tellPresence } from './tell-presence';

/** Whether the caller shows their presence (the default) or hides it. */
export async function viewPresenceSettings(ctx: MessagingContext, caller: Caller): Promise<PresenceSettings> {
  const hidden = await ctx.store.presenceHidden([caller.id]);
  return { visible: !hidden.has(caller.id) };
}

/**
 * Shows or hides the caller's presence; the people they have a conversation with are told at once (hiding: they
 * stop seeing it; showing: they see it again). A deleted account's assertion changes nothing (404 as its cirrus).
 */
export async function changePresenceSettings(
  ctx: MessagingContext,
  caller: Caller,
  input: PresenceSettingsInput,
): Promise<PresenceSettings> {
  if (!(await ctx.store.setPresenceHidden(caller.id, !input.visible))) {
    throw new NotFound(messagingMessages.cirrusNotFound);
  }
  await tellPresence(ctx, caller.id);
  return { visible: input.visible };
}
