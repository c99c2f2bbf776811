import { Router } from 'express';
import { bodyOf, callerOf, paramOf } from '@vellum/platform';
import { actionMessages, newActionSchema } from '@vellum/proto';
import type { ActionContext } from '../context';
import { actionIdOf } from '../domain/access';
import { actionView, changeView } from '../domain/action-views';
import { closeAction } from '../use-cases/close-action';
import { createAction } from '../use-cases/create-action';

/** The owner's own actions: create, complete, abandon. */
export function actionRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.post('/api/action', async (req, res) => {
    const caller = callerOf(req, actionMessages.signIn);
    const input = bodyOf(req, newActionSchema);
    const action = await createAction(ctx, caller, input);
    res.status(201).json({ action: actionView(action) });
  });

  // Completing or abandoning a closed action changes nothing and answers its state: a second click is harmless.
  for (const [verb, state] of [
    ['complete', 'completed'],
    ['abandon', 'abandoned'],
  ] as const) {
    router.put(`/api/action/:id/${verb}`, async (req, res) => {
      const caller = callerOf(req, actionMessages.signIn);
      const id = actionIdOf(paramOf(req, 'id'));
      const action = await closeAction(ctx, caller, { id, state });
      res.json(changeView(action));
    });
  }

  return router;
}
