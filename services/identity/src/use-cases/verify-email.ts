import { Invalid, type Caller } from '@vellum/platform';
import type { VerifyEmailInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/** Uses a verification link: its account is verified, or `Invalid` (unknown, used, expired or another email's). */
export async function verifyEmail(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  { email, token }: VerifyEmailInput,
): Promise<{ email: string }> {
  const hash = hashToken(token);
  const now = ctx.clock();
  const verified = await ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    const record = await cirrusStore.tokenForUpdate(tx, hash, 'verify_email');
    if (!tokenIsUsable(record, now)) return false;
    const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
    if (!cirrus || cirrus.email !== email) return false;
    await cirrusStore.useToken(tx, hash, now);
    await cirrusStore.markVerified(tx, cirrus.id, now);
    await cirrusEvents.verified(unit, cirrus, now);
    return true;
  });
  if (!verified) throw new Invalid(messages.verificationFailed);
  return { email };
}
