import { refuseDeleted, type Caller } from '@vellum/platform';
import { timestampFromDate, vellumMessages, VellumRatedSchema, type ScoreLevel } from '@vellum/proto';
import type { VellumContext } from '../context';
import { ratableBy } from '../domain/access';
import { levelValue } from '../domain/score';
import { emit } from '../events/emit';
import { SCHEMA } from '../store/migrations';
import { ratingStore } from '../store/rating-store';
import { vellumStore } from '../store/vellum-store';

/**
 * A reader other than the owner rates a vellum (a new rating replaces theirs); answers the new totals. A rater whose
 * account was deleted is Not Found; a deleted owner's vellum is gone (the lock waits for its deletion).
 */
export async function rateVellum(
  ctx: VellumContext,
  caller: Caller,
  input: { id: string; level: ScoreLevel },
): Promise<{ count: number; sum: number }> {
  const at = ctx.clock();
  const level = levelValue(input.level);
  return ctx.unitOfWork(async (unit) => {
    await refuseDeleted(unit.tx, SCHEMA, [caller.id], vellumMessages.notFound);
    const vellum = ratableBy(await vellumStore.lock(unit.tx, input.id), caller);
    const result = await ratingStore.rate(unit.tx, { vellumId: input.id, raterId: caller.id, level, at });
    await emit(
      unit,
      vellum.id,
      VellumRatedSchema,
      {
        vellumId: vellum.id,
        ownerId: vellum.ownerId,
        raterId: caller.id,
        level,
        ratingCount: result.count,
        ratingSum: result.sum,
        ratedAt: timestampFromDate(at),
      },
      at,
    );
    return result;
  });
}
