import type { Caller } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { cirrusStore, type CirrusRecord } from '../store/cirrus-store';

/** The signed-in caller's own account, or null for a visitor (or an account that is gone). */
export async function viewSignedCirrus(
  ctx: IdentityContext,
  caller: Caller | undefined,
): Promise<CirrusRecord | null> {
  return caller ? cirrusStore.byId(ctx.db, caller.id) : null;
}
