import type { Caller } from '@vellum/platform';
import type { ActionContext } from '../context';
import { listOwner } from '../domain/access';
import { actionStore, type OpenAction } from '../store/action-store';

/** The open actions on the list of `username`, newest first: only its owner may read them. */
export async function listOpenActions(
  ctx: ActionContext,
  caller: Caller,
  input: { username: string },
): Promise<OpenAction[]> {
  const owner = listOwner(caller, input.username);
  return actionStore.open(ctx.db, owner.id);
}
