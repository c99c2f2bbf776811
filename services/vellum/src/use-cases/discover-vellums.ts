import type { VellumContext } from '../context';
import { vellumStore, type DiscoveryKey, type VellumSummary } from '../store/vellum-store';

/** Discovery: a page of public vellums, newest edited first, after `after` (the previous page's last key). */
export async function discoverVellums(
  ctx: VellumContext,
  input: { after?: DiscoveryKey; limit: number },
): Promise<{ vellums: VellumSummary[]; last: DiscoveryKey | null }> {
  // One row more than asked tells whether another page follows.
  const rows = await vellumStore.discover(ctx.db, { after: input.after, limit: input.limit + 1 });
  const vellums = rows.slice(0, input.limit);
  const lastRow = vellums[vellums.length - 1];
  return { vellums, last: rows.length > input.limit && lastRow ? lastRow.key : null };
}
