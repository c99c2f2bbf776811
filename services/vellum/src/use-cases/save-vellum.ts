import { randomUUID } from 'node:crypto';
import { Conflict, type Caller } from '@vellum/platform';
import {
  timestampFromDate,
  vellumMessages,
  VellumUpdatedSchema,
  type SaveVellumRequest,
} from '@vellum/proto';
import type { VellumContext } from '../context';
import { ownedBy } from '../domain/access';
import { storedBody } from '../domain/document';
import { coalescedBefore, keptWholeSince } from '../domain/history';
import { isBehind, repeatsStored } from '../domain/revision';
import { emit } from '../events/emit';
import { versionStore } from '../store/version-store';
import { vellumStore, type VellumRecord } from '../store/vellum-store';

/**
 * The owner saves a new title and, when given, a new body (`''` empties it); the vellum is no longer new. The text
 * it replaces is kept as a version (README, "History"): unless it was itself saved less than 5 minutes before
 * (coalescing), or `keepReplaced` (a restore) says to keep it whatever its age. The vellum's older versions are
 * thinned in the same transaction.
 *
 * With `baseRevision`, the save is checked against the revision it read under the row's lock (so no other save comes
 * between the check and the write): a vellum saved since is refused with Conflict and left as it is; one that
 * already holds this title and text is answered as it is, without a write.
 */
export async function saveVellum(
  ctx: VellumContext,
  caller: Caller,
  input: SaveVellumRequest & { id: string; keepReplaced?: boolean },
): Promise<VellumRecord> {
  const at = ctx.clock();
  const saved = await ctx.unitOfWork(async (unit) => {
    const vellum = ownedBy(await vellumStore.lock(unit.tx, input.id), caller);
    const body = input.text === undefined ? undefined : storedBody(input.text);
    if (isBehind(input.baseRevision, vellum.revision)) {
      const stored = (await vellumStore.byId(unit.tx, input.id))!;
      if (!repeatsStored(stored, { title: input.title, body: body?.json })) {
        throw new Conflict(vellumMessages.changedElsewhere);
      }
      return stored;
    }
    await versionStore.keepReplaced(unit.tx, input.id, randomUUID(), {
      coalescedBefore: coalescedBefore(at, ctx.config.versionCoalesceMinutes),
      always: input.keepReplaced ?? false,
      next: { title: input.title, body: body?.json },
    });
    await versionStore.prune(unit.tx, input.id, keptWholeSince(at));
    await vellumStore.save(unit.tx, input.id, { title: input.title, body, at });
    await emit(
      unit,
      vellum.id,
      VellumUpdatedSchema,
      {
        vellumId: vellum.id,
        ownerId: vellum.ownerId,
        title: input.title,
        isPublic: vellum.isPublic,
        editedAt: timestampFromDate(at),
      },
      at,
    );
    return vellumStore.byId(unit.tx, input.id);
  });
  return saved!;
}
