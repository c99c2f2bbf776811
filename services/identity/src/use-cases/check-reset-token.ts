import type { Caller } from '@vellum/platform';
import type { ResetTokenCheckInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusStore } from '../store/cirrus-store';

/** Whether a reset link is still good for `email` (the page asks before showing the new-password form). */
export async function checkResetToken(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  { email, token }: ResetTokenCheckInput,
): Promise<boolean> {
  return ctx.unitOfWork(async ({ tx }) => {
    const record = await cirrusStore.tokenForUpdate(tx, hashToken(token), 'reset_password');
    if (!tokenIsUsable(record, ctx.clock())) return false;
    const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
    return cirrus?.email === email;
  });
}
