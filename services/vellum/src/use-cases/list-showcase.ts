import type { VellumContext } from '../context';
import { SHOWCASE_SIZE } from '../domain/listing';
import { vellumStore, type VellumSummary } from '../store/vellum-store';

/** The showcase: best-rated public vellums whose score shows, then the newest public ones to fill it. */
export async function listShowcase(ctx: VellumContext): Promise<VellumSummary[]> {
  const vellums = [...(await vellumStore.bestRated(ctx.db, ctx.config.ratingsRequired, SHOWCASE_SIZE))];
  if (vellums.length < SHOWCASE_SIZE) {
    const shown = new Set(vellums.map((v) => v.id));
    const newest = await vellumStore.discover(ctx.db, { limit: SHOWCASE_SIZE * 2 });
    for (const v of newest) {
      if (vellums.length >= SHOWCASE_SIZE) break;
      if (!shown.has(v.id)) vellums.push(v);
    }
  }
  return vellums;
}
