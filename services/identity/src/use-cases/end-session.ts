import { NotFound, type Caller } from '@vellum/platform';
import { SESSION_KEY, sessionMessages } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { cirrusEvents } from '../events/cirrus-events';
import { destroy, listSessions } from './list-sessions';

/**
 * Ends one of the caller's own sessions, named by its key: `CirrusSignedOut` with that key is written first (its
 * sockets end with it, on every replica), then the session is destroyed. A key that names none of the caller's live
 * sessions (another person's, one already ended, no key at all) is `NotFound`. Answers whether it was the caller's
 * current session (its cookie is then worthless).
 */
export async function endSession(
  ctx: IdentityContext,
  caller: Caller,
  input: { key: string },
): Promise<{ current: boolean }> {
  if (!SESSION_KEY.test(input.key)) throw new NotFound(sessionMessages.notFound);
  const session = (await listSessions(ctx, caller)).find((s) => s.key === input.key);
  if (!session) throw new NotFound(sessionMessages.notFound);
  const now = ctx.clock();
  await ctx.unitOfWork((unit) => cirrusEvents.signedOut(unit, caller, session.key, now));
  await destroy(ctx, session.sid);
  return { current: session.current };
}
