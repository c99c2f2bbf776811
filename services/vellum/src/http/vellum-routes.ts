import { Router } from 'express';
import { bodyOf, callerOf, paramOf } from '@vellum/platform';
import { newVellumSchema, saveVellumRequestSchema, vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { vellumIdOf } from '../domain/access';
import { vellumView } from '../domain/views';
import { createVellum } from '../use-cases/create-vellum';
import { deleteVellum } from '../use-cases/delete-vellum';
import { readVellum } from '../use-cases/read-vellum';
import { saveVellum } from '../use-cases/save-vellum';
import { setVisibility } from '../use-cases/set-visibility';

/** One vellum: read, create, save, publish, make private, delete. */
export function vellumRoutes(ctx: VellumContext): Router {
  const router = Router();

  /** The vellum as its page shows it. A missing vellum and someone else's private one answer alike. */
  router.get('/api/vellum/:id', async (req, res) => {
    const readable = await readVellum(ctx, req.caller, { id: paramOf(req, 'id') });
    if (!readable) {
      res.json({ vellum: null, viewAuthorized: false, isOwner: false });
      return;
    }
    res.json({
      vellum: vellumView(readable.vellum),
      viewAuthorized: true,
      isOwner: readable.access === 'owner',
    });
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
    const input = bodyOf(req, saveVellumRequestSchema);
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
