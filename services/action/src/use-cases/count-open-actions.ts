import type { Caller } from '@vellum/platform';
import type { ActionPriorityName } from '@vellum/proto';
import type { ActionContext } from '../context';
import { listOwner } from '../domain/access';
import { actionStore } from '../store/action-store';

/** How many actions of each priority are open on the list of `username` (the top bar's badge): its owner's only. */
export async function countOpenActions(
  ctx: ActionContext,
  caller: Caller,
  input: { username: string },
): Promise<Record<ActionPriorityName, number>> {
  const owner = listOwner(caller, input.username);
  return actionStore.openCounts(ctx.db, owner.id);
}
