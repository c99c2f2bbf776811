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
  const { cirrus, changed } = await ctx.db.transaction(async (tx) => {
    const current = editableCirrus(await cirrusStore.byUsername(tx, input.username), caller);
    if (!profileChanged(profileOf(current), input.profile)) return { cirrus: current, changed: false };
    await cirrusStore.updateProfile(tx, current.id, input.profile);
    await cirrusEvents.profileChanged(
      tx,
      { id: current.id, username: current.username, ...input.profile },
      now,
    );
    return { cirrus: (await cirrusStore.byId(tx, current.id))!, changed: true };
  });
  if (changed) ctx.wakeOutbox();
  return cirrus;
}
