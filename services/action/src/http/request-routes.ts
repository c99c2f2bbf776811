import { Router } from 'express';
import { bodyOf, callerOf } from '@vellum/platform';
import { actionMessages, actionRequestSchema, type ActionRequestSent } from '@vellum/proto';
import type { ActionContext } from '../context';
import { actionView, requesterView } from '../domain/action-views';
import { requestAction } from '../use-cases/request-action';

/** Action requests: a cirrus puts an action on the list of one of its followers. */
export function requestRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.post('/api/action/request', async (req, res) => {
    const sender = callerOf(req, actionMessages.signIn);
    const input = bodyOf(req, actionRequestSchema);
    const { action, recipient } = await requestAction(ctx, sender, input);
    res.status(201).json({
      action: actionView(action),
      sentTo: requesterView(recipient),
    } satisfies ActionRequestSent);
  });

  return router;
}
