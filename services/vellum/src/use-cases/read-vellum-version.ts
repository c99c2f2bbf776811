import { NotFound, type Caller } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { isVellumId } from '../domain/access';
import { historyOwnedBy, keptWholeSince, versionIdOf } from '../domain/history';
import { versionStore, type VersionRecord } from '../store/version-store';
import { vellumStore } from '../store/vellum-store';

/**
 * One of the owner's versions of a vellum, with its text. Anyone but the owner gets Not Found for the vellum, before
 * the version id is even looked at; the owner gets Not Found for a version that is not one of this vellum's.
 */
export async function readVellumVersion(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { id: string; versionId: string },
): Promise<VersionRecord> {
  historyOwnedBy(isVellumId(input.id) ? await vellumStore.ownerOf(ctx.db, input.id) : null, caller);
  const versionId = versionIdOf(input.versionId);
  const version = await versionStore.byId(ctx.db, input.id, versionId, keptWholeSince(ctx.clock()));
  if (!version) throw new NotFound(vellumMessages.versionNotFound);
  return version;
}
