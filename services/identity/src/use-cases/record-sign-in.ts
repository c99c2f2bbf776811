import type { Caller } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/**
 * What a sign-in changes once passport has checked the password and started the session: the cirrus's last
 * session time and `CirrusSignedIn`, in one transaction. The caller is the cirrus who just signed in.
 */
export async function recordSignIn(ctx: IdentityContext, caller: Caller): Promise<void> {
  const now = ctx.clock();
  await ctx.unitOfWork(async (unit) => {
    await cirrusStore.recordSession(unit.tx, caller.id, now);
    await cirrusEvents.signedIn(unit, { id: caller.id, username: caller.username }, now);
  });
}
