import { Router } from 'express';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { viewedCirrusView } from '../domain/cirrus-views';
import { cirrusStore } from '../store/cirrus-store';

export function cirrusRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username', async (req, res) => {
    const cirrus = await cirrusStore.byUsername(ctx.db, req.params.username);
    // Unverified accounts are not public yet.
    if (!cirrus || (!cirrus.emailVerifiedAt && req.caller?.id !== cirrus.id)) {
      res.status(404).json({ error: messages.cirrusNotFound, code: 'not_found' });
      return;
    }
    res.json({ viewedCirrus: viewedCirrusView(cirrus, req.caller?.id) });
  });

  return router;
}
