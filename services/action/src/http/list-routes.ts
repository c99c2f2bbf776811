import { Router } from 'express';
import { callerOf, paramOf } from '@vellum/platform';
import { actionMessages } from '@vellum/proto';
import type { ActionContext } from '../context';
import { listOwner } from '../domain/access';
import { actionsResponse, snippetView } from '../domain/action-views';
import { actionStore } from '../store/action-store';

/** The owner's open actions, and the top bar's summary of them. */
export function listRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/actions', async (req, res) => {
    const owner = listOwner(callerOf(req, actionMessages.signIn), paramOf(req, 'username'));
    res.json(actionsResponse(await actionStore.open(ctx.db, owner.id)));
  });

  router.get('/api/cirrus/:username/actions-snippet', async (req, res) => {
    const owner = listOwner(callerOf(req, actionMessages.signIn), paramOf(req, 'username'));
    res.json(snippetView(await actionStore.openCounts(ctx.db, owner.id)));
  });

  return router;
}
