import { Router } from 'express';
import { callerOf, NotFound, paramOf } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { accessOf, vellumIdOf } from '../domain/access';
import { levelValue, scoreLevelOf, scoreOf } from '../domain/score';
import { ratingStore } from '../store/rating-store';
import { vellumStore } from '../store/vellum-store';
import { rateVellum } from '../use-cases/rate-vellum';

/** A vellum's score: anyone who may read it sees it; a signed-in reader other than the owner rates it. */
export function scoreRoutes(ctx: VellumContext): Router {
  const router = Router();
  const required = ctx.config.ratingsRequired;

  router.get('/api/vellum/:id/score', async (req, res) => {
    const id = vellumIdOf(paramOf(req, 'id'));
    const vellum = await vellumStore.byId(ctx.db, id);
    if (!vellum || accessOf(vellum, req.caller) === 'none') throw new NotFound(vellumMessages.notFound);
    const mine = req.caller ? await ratingStore.levelOf(ctx.db, id, req.caller.id) : null;
    res.json(scoreOf({ count: vellum.ratingCount, sum: vellum.ratingSum }, required, mine));
  });

  router.put('/api/vellum/:id/score/:level', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToRate);
    const id = vellumIdOf(paramOf(req, 'id'));
    const level = scoreLevelOf(paramOf(req, 'level'));
    const totals = await rateVellum(ctx, caller, { id, level });
    res.json(scoreOf(totals, required, levelValue(level)));
  });

  return router;
}
