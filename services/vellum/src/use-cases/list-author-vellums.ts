import type { Caller } from '@vellum/platform';
import type { VellumContext } from '../context';
import { authorStore } from '../store/author-store';
import { vellumStore, type VellumSummary } from '../store/vellum-store';

/**
 * An author's vellums, newest edited first: all of them for the author, the public ones for everybody else (and
 * for the author when `publicOnly`, the public list page). An unknown author has none. (Text search:
 * `search-vellums.ts`.)
 */
export async function listAuthorVellums(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { username: string; publicOnly: boolean },
): Promise<VellumSummary[]> {
  const author = await authorStore.byUsername(ctx.db, input.username);
  if (!author) return [];
  const all = caller?.id === author.id && !input.publicOnly;
  return vellumStore.listByOwner(ctx.db, author.id, { all });
}
