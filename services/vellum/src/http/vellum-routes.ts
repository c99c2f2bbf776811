import { Router } from 'express';
import { bodyOf, callerOf, paramOf } from '@vellum/platform';
import { newVellumSchema, saveVellumSchema, vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { accessOf, isVellumId, vellumIdOf } from '../domain/access';
import { vellumView } from '../domain/views';
import { vellumStore } from '../store/vellum-store';
import { createVellum } from '../use-cases/create-vellum';
import { deleteVellum } from '../use-cases/delete-vellum';
import { saveVellum } from '../use-cases/save-vellum';
import { setVisibility } from '../use-cases/set-visibility';

/** One vellum: read, create, save, publish, make private, delete. */
export function vellumRoutes(ctx: VellumContext): Router {
  const router = Router();

  /** The vellum as its page shows it. A missing vellum and someone else's private one answer alike. */
  router.get('/api/vellum/:id', async (req, res) => {
    const id = paramOf(req, 'id');
    const vellum = isVellumId(id) ? await vellumStore.byId(ctx.db, id) : null;
    const access = vellum ? accessOf(vellum, req.caller) : 'none';
    if (!vellum || access === 'none') {
      res.json({ vellum: null, viewAuthorized: false, isOwner: false });
      return;
    }
    res.json({ vellum: vellumView(vellum), viewAuthorized: true, isOwner: access === 'owner' });
  });

  router.post('/api/vellum-new', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const input = bodyOf(req, newVellumSchema);
    const saved = await createVellum(ctx, caller, input);
    res.status(201).json({ savedVellum: vellumView(saved) });
  });

  router.post('/api/vellum/:id', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const id = vellumIdOf(paramOf(req, 'id'));
    const input = bodyOf(req, saveVellumSchema);
    const saved = await saveVellum(ctx, caller, { ...input, id });
    res.json({ savedVellum: vellumView(saved) });
  });

  for (const [path, isPublic] of [
    ['/api/vellum/publish/:id', true],
    ['/api/vellum/private/:id', false],
  ] as const) {
    router.put(path, async (req, res) => {
      const caller = callerOf(req, vellumMessages.signInToWrite);
      const id = vellumIdOf(paramOf(req, 'id'));
      const saved = await setVisibility(ctx, caller, { id, isPublic });
      res.json({ savedVellum: vellumView(saved) });
    });
  }

  router.delete('/api/vellum/:id', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const id = vellumIdOf(paramOf(req, 'id'));
    await deleteVellum(ctx, caller, { id });
    res.json({ status: 'Success' });
  });

  return router;
}
