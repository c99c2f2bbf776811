import type { Caller } from '@vellum/platform';
import type { PresenceAnswer } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { pairKeyOf } from '../domain/conversation';
import { presenceView } from '../domain/presence';

/**
 * The presence of those of `ids` the caller has a conversation with and who show theirs; nobody else's (a stranger,
 * oneself, a hidden one are left out, alike). A caller who hides their own sees nobody's.
 */
export async function viewPresence(
  ctx: MessagingContext,
  caller: Caller,
  input: { ids: readonly string[] },
): Promise<PresenceAnswer> {
  const others = input.ids.filter((id) => id !== caller.id);
  const hidden = await ctx.store.presenceHidden([caller.id, ...others]);
  if (hidden.has(caller.id)) return { visible: false, presence: [] };
  const pairs = await ctx.store.existingPairs(others.map((id) => pairKeyOf(caller.id, id)));
  const shown = others.filter((id) => pairs.has(pairKeyOf(caller.id, id)) && !hidden.has(id));
  const states = await ctx.realtime.presenceOf(shown);
  return { visible: true, presence: shown.map((id) => presenceView(id, states.get(id))) };
}
