import { Router } from 'express';
import { vellumMessages } from '@vellum/proto';
import { Forbidden, Invalid, NotFound } from '@vellum/platform';
import type { VellumContext } from '../context';
import { accessOf } from '../domain/access';
import { isScoreLevel, levelValue, scoreOf } from '../domain/score';
import { vellumEvents } from '../events/vellum-events';
import { ratingStore } from '../store/rating-store';
import { vellumStore } from '../store/vellum-store';
import { callerOf, vellumIdOf } from './request';

/** A vellum's score: anyone who may read it sees it; a signed-in reader other than the owner rates it. */
export function scoreRoutes(ctx: VellumContext): Router {
  const router = Router();
  const required = ctx.config.ratingsRequired;

  router.get('/api/vellum/:id/score', async (req, res) => {
    const id = vellumIdOf(req);
    const vellum = await vellumStore.byId(ctx.db, id);
    if (!vellum || accessOf(vellum, req.caller) === 'none') throw new NotFound(vellumMessages.notFound);
    const mine = req.caller ? await ratingStore.levelOf(ctx.db, id, req.caller.id) : null;
    res.json(scoreOf({ count: vellum.ratingCount, sum: vellum.ratingSum }, required, mine));
  });

  router.put('/api/vellum/:id/score/:level', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToRate);
    const id = vellumIdOf(req);
    const level = String(req.params.level);
    if (!isScoreLevel(level)) throw new Invalid(vellumMessages.badScoreLevel);
    const at = ctx.clock();
    const totals = await ctx.db.transaction(async (tx) => {
      const vellum = await vellumStore.lock(tx, id);
      const access = vellum ? accessOf(vellum, caller) : 'none';
      if (!vellum || access === 'none') throw new NotFound(vellumMessages.notFound);
      if (access === 'owner') throw new Forbidden(vellumMessages.cannotRateOwn);
      const value = levelValue(level);
      const result = await ratingStore.rate(tx, { vellumId: id, raterId: caller.id, level: value, at });
      await vellumEvents.rated(tx, { ...vellum, raterId: caller.id, level: value, ...result }, at);
      return result;
    });
    ctx.wakeOutbox();
    res.json(scoreOf(totals, required, levelValue(level)));
  });

  return router;
}
