import { refuseDeleted, type Caller } from '@vellum/platform';
import { CirrusUnfollowedSchema, socialMessages, timestampFromDate } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followTarget, foundCirrus } from '../domain/follow-rules';
import { edgeOf, emit } from '../events/emit';
import { directoryStore, type DirectoryEntry } from '../store/directory-store';
import { followStore } from '../store/follow-store';
import { SCHEMA } from '../store/migrations';

/**
 * The caller stops following the public cirrus `username`; unfollowing again changes nothing and publishes
 * nothing. Answers the cirrus with its counts after the change. A deleted caller or cirrus is Not Found.
 */
export async function unfollow(
  ctx: SocialContext,
  caller: Caller,
  input: { username: string },
): Promise<{ cirrus: DirectoryEntry; following: boolean }> {
  const at = ctx.clock();
  const cirrus = await ctx.unitOfWork(async (unit) => {
    const target = followTarget(caller, await directoryStore.visible(unit.tx, input.username), 'unfollow');
    // Before any row is locked: a deletion of either waits for this transaction, or it is refused here.
    await refuseDeleted(unit.tx, SCHEMA, [caller.id, target.id], socialMessages.cirrusNotFound);
    if (!(await followStore.unfollow(unit.tx, caller.id, target.id))) return target;
    await emit(
      unit,
      target.id,
      CirrusUnfollowedSchema,
      { ...edgeOf(caller, target), unfollowedAt: timestampFromDate(at) },
      at,
    );
    await directoryStore.moveCounts(unit.tx, caller.id, target.id, -1);
    return foundCirrus(await directoryStore.visible(unit.tx, input.username));
  });
  return { cirrus, following: false };
}
