import { NotFound, type Caller } from '@vellum/platform';
import { vellumMessages, type ScoreResponse } from '@vellum/proto';
import type { VellumContext } from '../context';
import { scoreOf } from '../domain/score';
import { ratingStore } from '../store/rating-store';
import { readVellum } from './read-vellum';

/** A vellum's score as anyone who may read it sees it, with the caller's own rating when they gave one. */
export async function viewScore(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { id: string },
): Promise<ScoreResponse> {
  const readable = await readVellum(ctx, caller, input);
  if (!readable) throw new NotFound(vellumMessages.notFound);
  const mine = caller ? await ratingStore.levelOf(ctx.db, input.id, caller.id) : null;
  const { ratingCount: count, ratingSum: sum } = readable.vellum;
  return scoreOf({ count, sum }, ctx.config.ratingsRequired, mine);
}
