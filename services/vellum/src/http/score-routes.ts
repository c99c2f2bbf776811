import { Router } from 'express';
import { callerOf, paramOf } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { vellumIdOf } from '../domain/access';
import { levelValue, scoreLevelOf, scoreOf } from '../domain/score';
import { rateVellum } from '../use-cases/rate-vellum';
import { viewScore } from '../use-cases/view-score';

/** A vellum's score: anyone who may read it sees it; a signed-in reader other than the owner rates it. */
export function scoreRoutes(ctx: VellumContext): Router {
  const router = Router();
  const required = ctx.config.ratingsRequired;

  router.get('/api/vellum/:id/score', async (req, res) => {
    res.json(await viewScore(ctx, req.caller, { id: vellumIdOf(paramOf(req, 'id')) }));
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
