import { Invalid, type Caller } from '@vellum/platform';
import { deleteAccountMessages, type DeleteAccountInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { editableCirrus } from '../domain/cirrus-access';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore } from '../store/cirrus-store';

/**
 * The owner deletes its account, confirmed with its password (checked as sign-in checks it). In one transaction the
 * cirrus row and everything identity keeps about it are removed (the username is free again) and `CirrusDeleted` is
 * written to the outbox, so every other service removes that cirrus's data. Then every session of the account ends:
 * its cookies are signed out on their next request. A wrong password changes nothing (`Invalid`).
 */
export async function deleteAccount(
  ctx: IdentityContext,
  caller: Caller,
  input: { username: string } & DeleteAccountInput,
): Promise<void> {
  const target = editableCirrus(
    await cirrusStore.byUsername(ctx.db, input.username),
    caller,
    deleteAccountMessages.ownerOnly,
  );
  if (!(await ctx.hasher.verify(target.passwordHash, input.password)))
    throw new Invalid(deleteAccountMessages.wrongPassword);
  const now = ctx.clock();
  await ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    // Read again inside the transaction: a concurrent deletion of the same account publishes one event only.
    const current = await cirrusStore.byId(tx, target.id);
    if (!current) return;
    await cirrusStore.deleteAccount(tx, current);
    await cirrusEvents.deleted(unit, current, now);
  });
  const ended = (await ctx.sessionStore.destroyUserSessions(target.id)).length;
  ctx.logger.info({ cirrusId: target.id, ended }, 'account deleted: sessions ended');
}
