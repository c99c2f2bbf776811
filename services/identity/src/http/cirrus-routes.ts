import { Router } from 'express';
import { maybeCallerOf, NotFound, paramOf } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { viewedCirrusView } from '../domain/cirrus-views';
import { cirrusStore } from '../store/cirrus-store';

export function cirrusRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username', async (req, res) => {
    const viewer = maybeCallerOf(req);
    const cirrus = await cirrusStore.byUsername(ctx.db, paramOf(req, 'username'));
    // Unverified accounts are not public yet.
    if (!cirrus || (!cirrus.emailVerifiedAt && viewer?.id !== cirrus.id))
      throw new NotFound(messages.cirrusNotFound);
    res.json({ viewedCirrus: viewedCirrusView(cirrus, viewer?.id) });
  });

  return router;
}
