import { Invalid, sessionKeyOf, type Caller } from '@vellum/platform';
import type { ResetPasswordInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/**
 * Uses a reset link: a new password, the address verified (following the mailed link proves it), and every session
 * of the account ended, with `CirrusSessionsEnded` naming them by their keys (messaging ends their sockets);
 * `Invalid` for a link that is unknown, used or expired.
 */
export async function resetPassword(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  { token, password }: ResetPasswordInput,
): Promise<void> {
  const hash = hashToken(token);
  const passwordHash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  const reset = await ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    const record = await cirrusStore.tokenForUpdate(tx, hash, 'reset_password');
    if (!tokenIsUsable(record, now)) return null;
    await cirrusStore.useToken(tx, hash, now);
    await cirrusStore.setPasswordByLink(tx, record!.cirrusId, passwordHash, now);
    const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
    if (!cirrus) return { cirrusId: record!.cirrusId, ended: 0 };
    if (!cirrus.emailVerifiedAt) {
      await cirrusStore.markVerified(tx, cirrus.id, now);
      await cirrusEvents.verified(unit, cirrus, now);
    }
    // Ended inside the transaction, so that the event names exactly the sessions that ended.
    const sessions = await ctx.sessionStore.destroyUserSessions(cirrus.id);
    const keys = sessions.map((sid) => sessionKeyOf(sid, ctx.config.internalAuthSecret));
    await cirrusEvents.sessionsEnded(unit, cirrus, keys, now);
    return { cirrusId: cirrus.id, ended: sessions.length };
  });
  if (!reset) throw new Invalid(messages.resetLinkInvalid);
  ctx.logger.info(reset, 'password reset: sessions ended');
}
