import { refuseDeleted, type Caller } from '@vellum/platform';
import { CirrusFollowedSchema, socialMessages, timestampFromDate } from '@vellum/proto';
import type { SocialContext } from '../context';
import { followTarget, foundCirrus } from '../domain/follow-rules';
import { directory } from '../events/directory';
import { edgeOf, emit } from '../events/emit';
import { directoryStore, type DirectoryEntry } from '../store/directory-store';
import { followStore } from '../store/follow-store';
import { SCHEMA } from '../store/migrations';

/**
 * The caller follows the public cirrus `username`; following again changes nothing and publishes nothing. Answers
 * the cirrus with its counts after the change. A deleted caller or cirrus is Not Found.
 */
export async function follow(
  ctx: SocialContext,
  caller: Caller,
  input: { username: string },
): Promise<{ cirrus: DirectoryEntry; following: boolean }> {
  const at = ctx.clock();
  const cirrus = await ctx.unitOfWork(async (unit) => {
    const target = followTarget(caller, await directoryStore.visible(unit.tx, input.username), 'follow');
    // Before any row is locked: a deletion of either waits for this transaction, or it is refused here.
    await refuseDeleted(unit.tx, SCHEMA, [caller.id, target.id], socialMessages.cirrusNotFound);
    // Only a verified cirrus signs in: a caller whose events have not reached the directory yet is listed now.
    await directory.remember(unit.tx, caller);
    if (!(await followStore.follow(unit.tx, caller.id, target.id, at))) return target;
    await emit(
      unit,
      target.id,
      CirrusFollowedSchema,
      { ...edgeOf(caller, target), followedAt: timestampFromDate(at) },
      at,
    );
    await directoryStore.moveCounts(unit.tx, caller.id, target.id, 1);
    return foundCirrus(await directoryStore.visible(unit.tx, input.username));
  });
  return { cirrus, following: true };
}
