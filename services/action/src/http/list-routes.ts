import { Router } from 'express';
import { callerOf, paramOf } from '@vellum/platform';
import { actionMessages } from '@vellum/proto';
import type { ActionContext } from '../context';
import { actionsResponse, snippetView } from '../domain/action-views';
import { countOpenActions } from '../use-cases/count-open-actions';
import { listOpenActions } from '../use-cases/list-open-actions';

/** The owner's open actions, and the top bar's summary of them. */
export function listRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username/actions', async (req, res) => {
    const caller = callerOf(req, actionMessages.signIn);
    const open = await listOpenActions(ctx, caller, { username: paramOf(req, 'username') });
    res.json(actionsResponse(open));
  });

  router.get('/api/cirrus/:username/actions-snippet', async (req, res) => {
    const caller = callerOf(req, actionMessages.signIn);
    const counts = await countOpenActions(ctx, caller, { username: paramOf(req, 'username') });
    res.json(snippetView(counts));
  });

  return router;
}
