import { Invalid, type Caller } from '@vellum/platform';
import type { ResetPasswordInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/**
 * Uses a reset link: a new password, the address verified (following the mailed link proves it), and every session
 * of the account ended; `Invalid` for a link that is unknown, used or expired.
 */
export async function resetPassword(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  { token, password }: ResetPasswordInput,
): Promise<void> {
  const hash = hashToken(token);
  const passwordHash = await ctx.hasher.hash(password);
  const now = ctx.clock();
  const cirrusId = await ctx.db.transaction(async (tx) => {
    const record = await cirrusStore.tokenForUpdate(tx, hash, 'reset_password');
    if (!tokenIsUsable(record, now)) return null;
    await cirrusStore.useToken(tx, hash, now);
    await cirrusStore.setPasswordByLink(tx, record!.cirrusId, passwordHash, now);
    const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
    if (cirrus && !cirrus.emailVerifiedAt) {
      await cirrusStore.markVerified(tx, cirrus.id, now);
      await cirrusEvents.verified(tx, cirrus, now);
    }
    return record!.cirrusId;
  });
  if (!cirrusId) throw new Invalid(messages.resetLinkInvalid);
  const ended = await ctx.sessionStore.destroyUserSessions(cirrusId);
  ctx.wakeOutbox();
  ctx.logger.info({ cirrusId, ended }, 'password reset: sessions ended');
}
