import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { Forbidden, Invalid } from '@vellum/platform';
import { actionMessages, actionRequestSchema, type ActionRequestSent } from '@vellum/proto';
import type { ActionContext } from '../context';
import { signedIn } from '../domain/access';
import { actionView, requesterView } from '../domain/action-views';
import { actionEvents } from '../events/action-events';
import { actionStore } from '../store/action-store';
import { peopleStore } from '../store/people-store';

/** Action requests: a cirrus puts an action on the list of one of its followers. */
export function requestRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.post('/api/action/request', async (req, res) => {
    const sender = signedIn(req.caller);
    const input = actionRequestSchema.parse(req.body);
    if (input.forCirrusI === sender.id) throw new Invalid(actionMessages.notYourself);
    const sent = await ctx.db.transaction(async (tx) => {
      // Whether someone follows the sender is social's word, as its events told it. Anyone else, known or not,
      // gets the same answer.
      const recipient = await peopleStore.byId(tx, input.forCirrusI);
      if (!recipient || !(await peopleStore.follows(tx, recipient.id, sender.id))) {
        throw new Forbidden(actionMessages.followersOnly);
      }
      await actionStore.lockList(tx, recipient.id);
      const action = await actionStore.insert(tx, {
        id: randomUUID(),
        ownerId: recipient.id,
        requester: sender,
        text: input.text,
        priority: input.priority,
        createdAt: ctx.clock(),
      });
      const outstanding = await actionStore.outstanding(tx, recipient.id);
      await actionEvents.requested(tx, action, sender.username, outstanding);
      return { action: actionView(action), sentTo: requesterView(recipient) } satisfies ActionRequestSent;
    });
    ctx.wakeOutbox();
    res.status(201).json(sent);
  });

  return router;
}
