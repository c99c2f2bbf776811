import { sessionKeyOf, type Caller } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { cirrusEvents } from '../events/cirrus-events';

/**
 * Ends the caller's session (`end`: express-session's destroy). For a signed-in session, `CirrusSignedOut` naming it
 * by its key (`sessionKeyOf`, never its id) is committed to the outbox first (its unit of work then wakes the
 * relay), so that the end reaches every service (messaging ends that session's sockets, and only them). A session
 * nobody signed in to just ends.
 */
export async function signOut(
  ctx: IdentityContext,
  caller: Caller | undefined,
  session: { id: string; end: () => Promise<void> },
): Promise<void> {
  if (caller) {
    const now = ctx.clock();
    const key = sessionKeyOf(session.id, ctx.config.internalAuthSecret);
    await ctx.unitOfWork((unit) => cirrusEvents.signedOut(unit, caller, key, now));
  }
  await session.end();
}
