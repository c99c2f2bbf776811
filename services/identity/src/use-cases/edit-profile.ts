import type { Caller } from '@vellum/platform';
import type { ProfileInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { editableCirrus } from '../domain/cirrus-access';
import { checkImageElsewhere, profileChanged, profileOf } from '../domain/profile';
import { cirrusEvents } from '../events/cirrus-events';
import { cirrusStore, type CirrusRecord } from '../store/cirrus-store';

/**
 * The owner's new profile (every field, checked by the shared schema): written and announced with
 * `CirrusProfileChanged` (the full new state) in one transaction, so the other services' copies follow through the
 * outbox. Only the cirrus itself edits it (`editableCirrus`: Not Found, Forbidden). A profile sent unchanged writes
 * and publishes nothing. Answers the cirrus as it now is.
 */
export async function editProfile(
  ctx: IdentityContext,
  caller: Caller,
  input: { username: string; profile: ProfileInput },
): Promise<CirrusRecord> {
  checkImageElsewhere(input.profile, ctx.config.publicUrl);
  const now = ctx.clock();
  return ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    const current = editableCirrus(await cirrusStore.byUsername(tx, input.username), caller);
    if (!profileChanged(profileOf(current), input.profile)) return current;
    await cirrusStore.updateProfile(tx, current.id, input.profile);
    await cirrusEvents.profileChanged(
      unit,
      { id: current.id, username: current.username, ...input.profile },
      now,
    );
    return (await cirrusStore.byId(tx, current.id))!;
  });
}
