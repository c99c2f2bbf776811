import { Router } from 'express';
import { maybeCallerOf, paramOf } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { viewedCirrusView } from '../domain/cirrus-views';
import { viewCirrus } from '../use-cases/view-cirrus';

export function cirrusRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username', async (req, res) => {
    const viewer = maybeCallerOf(req);
    const cirrus = await viewCirrus(ctx, viewer, { username: paramOf(req, 'username') });
    res.json({ viewedCirrus: viewedCirrusView(cirrus, viewer?.id) });
  });

  return router;
}
