import { Invalid, NotFound, sessionKeyOf, type Caller } from '@vellum/platform';
import { sessionMessages, type ChangePasswordInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/**
 * The caller changes its password, confirmed with the current one (checked as sign-in checks it): a wrong one is
 * `Invalid` and changes nothing. In one transaction the hash is replaced, every OTHER session of the account ends,
 * and `CirrusSessionsEnded` names exactly those by their keys (messaging ends their sockets); the session of the call
 * (the key in the gateway's assertion) stays signed in, and so do its sockets. Answers how many sessions ended.
 */
export async function changePassword(
  ctx: IdentityContext,
  caller: Caller,
  input: ChangePasswordInput,
): Promise<{ endedSessions: number }> {
  const cirrus = await cirrusStore.byId(ctx.db, caller.id);
  if (!cirrus) throw new NotFound(messages.cirrusNotFound);
  if (!(await ctx.hasher.verify(cirrus.passwordHash, input.currentPassword)))
    throw new Invalid(sessionMessages.wrongPassword);
  const passwordHash = await ctx.hasher.hash(input.password);
  const secret = ctx.config.internalAuthSecret;
  const current = caller.session
    ? (await ctx.sessionStore.listUserSessions(caller.id)).find(
        ({ sid }) => sessionKeyOf(sid, secret) === caller.session,
      )?.sid
    : undefined;
  const now = ctx.clock();
  const ended = await ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    const row = await cirrusStore.byId(tx, caller.id);
    if (!row) return null;
    await cirrusStore.setPassword(tx, row.id, passwordHash);
    // Ended inside the transaction, so that the event names exactly the sessions that ended.
    const sids = await ctx.sessionStore.destroyUserSessions(row.id, current);
    await cirrusEvents.sessionsEnded(
      unit,
      row,
      sids.map((sid) => sessionKeyOf(sid, secret)),
      now,
    );
    return sids.length;
  });
  if (ended === null) throw new NotFound(messages.cirrusNotFound);
  ctx.logger.info({ cirrusId: caller.id, ended }, 'password changed: other sessions ended');
  return { endedSessions: ended };
}
