import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  documentPlainText,
  newVellumSchema,
  saveVellumSchema,
  vellumMessages,
  type VellumDocument,
} from '@vellum/proto';
import type { VellumContext } from '../context';
import { accessOf, isVellumId } from '../domain/access';
import { lockOwned } from '../domain/owned';
import { vellumView } from '../domain/views';
import { vellumEvents } from '../events/vellum-events';
import { authorStore } from '../store/author-store';
import { vellumStore } from '../store/vellum-store';
import { bodyOf, callerOf, vellumIdOf } from './request';

/** What is stored of a validated document: its JSON text and its words; '' for an empty vellum. */
const stored = (doc: VellumDocument | null) =>
  doc ? { json: JSON.stringify(doc), text: documentPlainText(doc) } : { json: '', text: '' };

/** One vellum: read, create, save, publish, make private, delete. */
export function vellumRoutes(ctx: VellumContext): Router {
  const router = Router();

  /** The vellum as its page shows it. A missing vellum and someone else's private one answer alike. */
  router.get('/api/vellum/:id', async (req, res) => {
    const id = String(req.params.id);
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
    const body = stored(input.text);
    const id = randomUUID();
    const at = ctx.clock();
    const saved = await ctx.db.transaction(async (tx) => {
      await authorStore.seed(tx, caller);
      await vellumStore.insert(tx, {
        id,
        ownerId: caller.id,
        title: input.title,
        body: body.json,
        bodyText: body.text,
        at,
      });
      await vellumEvents.created(tx, { id, ownerId: caller.id, title: input.title }, at);
      return vellumStore.byId(tx, id);
    });
    ctx.wakeOutbox();
    res.status(201).json({ savedVellum: vellumView(saved!) });
  });

  router.post('/api/vellum/:id', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const id = vellumIdOf(req);
    const input = bodyOf(req, saveVellumSchema);
    const at = ctx.clock();
    const saved = await ctx.db.transaction(async (tx) => {
      const vellum = await lockOwned(tx, id, caller);
      const body = input.text === undefined ? undefined : stored(input.text);
      await vellumStore.save(tx, id, { title: input.title, body, at });
      await vellumEvents.updated(tx, { ...vellum, title: input.title }, at);
      return vellumStore.byId(tx, id);
    });
    ctx.wakeOutbox();
    res.json({ savedVellum: vellumView(saved!) });
  });

  for (const [path, makePublic] of [
    ['/api/vellum/publish/:id', true],
    ['/api/vellum/private/:id', false],
  ] as const) {
    router.put(path, async (req, res) => {
      const caller = callerOf(req, vellumMessages.signInToWrite);
      const id = vellumIdOf(req);
      const at = ctx.clock();
      const saved = await ctx.db.transaction(async (tx) => {
        const vellum = await lockOwned(tx, id, caller);
        // Asking for the state it already has changes nothing and tells nobody.
        if (vellum.isPublic !== makePublic) {
          await vellumStore.setPublic(tx, id, makePublic);
          if (makePublic) await vellumEvents.published(tx, vellum, at);
          else await vellumEvents.madePrivate(tx, vellum, at);
        }
        return vellumStore.byId(tx, id);
      });
      ctx.wakeOutbox();
      res.json({ savedVellum: vellumView(saved!) });
    });
  }

  router.delete('/api/vellum/:id', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const id = vellumIdOf(req);
    const at = ctx.clock();
    await ctx.db.transaction(async (tx) => {
      const vellum = await lockOwned(tx, id, caller);
      await vellumStore.remove(tx, id);
      await vellumEvents.deleted(tx, { ...vellum, wasPublic: vellum.isPublic }, at);
    });
    ctx.wakeOutbox();
    res.json({ status: 'Success' });
  });

  return router;
}
