import { pageOf } from '@vellum/platform';
import type { VellumContext } from '../context';
import { discoveryCursor } from '../domain/cursor';
import { vellumStore, type VellumSummary } from '../store/vellum-store';

/** Discovery: a page of public vellums, newest edited first, after `cursor` (the previous page's `nextCursor`). */
export async function discoverVellums(
  ctx: VellumContext,
  input: { cursor?: string; limit: number },
): Promise<{ vellums: VellumSummary[]; nextCursor: string | null }> {
  const key = discoveryCursor.decode(input.cursor);
  const after = key && { editedAt: key[0], id: key[1] };
  const rows = await vellumStore.discover(ctx.db, { after, limit: input.limit + 1 });
  const { page, nextCursor } = pageOf(rows, input.limit, (last) =>
    discoveryCursor.encode([last.key.editedAt, last.key.id]),
  );
  return { vellums: page, nextCursor };
}
