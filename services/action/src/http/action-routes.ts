import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { NotFound } from '@vellum/platform';
import { actionMessages, newActionSchema } from '@vellum/proto';
import type { ActionContext } from '../context';
import { actionIdOf, signedIn } from '../domain/access';
import { actionView, changeView } from '../domain/action-views';
import { actionEvents } from '../events/action-events';
import { actionStore } from '../store/action-store';

/** The owner's own actions: create, complete, abandon. */
export function actionRoutes(ctx: ActionContext): Router {
  const router = Router();

  router.post('/api/action', async (req, res) => {
    const caller = signedIn(req.caller);
    const input = newActionSchema.parse(req.body);
    const action = await ctx.db.transaction(async (tx) => {
      await actionStore.lockList(tx, caller.id);
      const created = await actionStore.insert(tx, {
        id: randomUUID(),
        ownerId: caller.id,
        text: input.text,
        priority: input.priority,
        createdAt: ctx.clock(),
      });
      await actionEvents.created(tx, created, await actionStore.outstanding(tx, caller.id));
      return created;
    });
    ctx.wakeOutbox();
    res.status(201).json({ action: actionView(action) });
  });

  // Completing or abandoning a closed action changes nothing and answers its state: a second click is harmless.
  for (const [verb, state] of [
    ['complete', 'completed'],
    ['abandon', 'abandoned'],
  ] as const) {
    router.put(`/api/action/:id/${verb}`, async (req, res) => {
      const caller = signedIn(req.caller);
      const id = actionIdOf(String(req.params.id));
      const at = ctx.clock();
      const { action, changed } = await ctx.db.transaction(async (tx) => {
        await actionStore.lockList(tx, caller.id);
        // Someone else's action answers as a missing one: nothing of it leaks.
        const found = await actionStore.lockOwned(tx, id, caller.id);
        if (!found) throw new NotFound(actionMessages.notFound);
        if (found.state !== 'open') return { action: found, changed: false };
        await actionStore.close(tx, id, state, at);
        const outstanding = await actionStore.outstanding(tx, caller.id);
        const closed = { ...found, state };
        await actionEvents[state](tx, closed, at, outstanding);
        return { action: closed, changed: true };
      });
      if (changed) ctx.wakeOutbox();
      res.json(changeView(action));
    });
  }

  return router;
}
