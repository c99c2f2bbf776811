import { pageOf, type Caller } from '@vellum/platform';
import type { VellumContext } from '../context';
import { isVellumId } from '../domain/access';
import { versionsCursor } from '../domain/cursor';
import { historyOwnedBy, keptWholeSince } from '../domain/history';
import { versionStore, type VersionSummary } from '../store/version-store';
import { vellumStore } from '../store/vellum-store';

/**
 * A page of the owner's versions of a vellum, newest first, after `cursor` (the previous page's `nextCursor`).
 * Anyone but the owner gets Not Found, as for a vellum they cannot see.
 */
export async function listVellumVersions(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { id: string; cursor?: string; limit: number },
): Promise<{ versions: VersionSummary[]; nextCursor: string | null }> {
  historyOwnedBy(isVellumId(input.id) ? await vellumStore.ownerOf(ctx.db, input.id) : null, caller);
  const key = versionsCursor.decode(input.cursor);
  const rows = await versionStore.page(ctx.db, input.id, {
    keptWholeSince: keptWholeSince(ctx.clock()),
    after: key && { savedAt: key[0], id: key[1] },
    limit: input.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, input.limit, (last) =>
    versionsCursor.encode([last.key.savedAt, last.key.id]),
  );
  return { versions: page, nextCursor };
}
