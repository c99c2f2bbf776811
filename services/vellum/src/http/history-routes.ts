import { Router } from 'express';
import { callerOf, paramOf, queryAs } from '@vellum/platform';
import { vellumMessages, versionsQuerySchema } from '@vellum/proto';
import type { VellumContext } from '../context';
import { vellumView, versionListItemView, versionView } from '../domain/views';
import { listVellumVersions } from '../use-cases/list-vellum-versions';
import { readVellumVersion } from '../use-cases/read-vellum-version';
import { restoreVellumVersion, versionAsSave } from '../use-cases/restore-vellum-version';

/** A vellum's history, its owner's alone: the versions, one with its text, and restoring one. */
export function historyRoutes(ctx: VellumContext): Router {
  const router = Router();

  router.get('/api/vellum/:id/versions', async (req, res) => {
    const limit = queryAs(req, 'limit', versionsQuerySchema.shape.limit);
    const cursor = queryAs(req, 'cursor', versionsQuerySchema.shape.cursor) || undefined;
    const page = await listVellumVersions(ctx, req.caller, { id: paramOf(req, 'id'), cursor, limit });
    res.json({ versions: page.versions.map(versionListItemView), nextCursor: page.nextCursor });
  });

  router.get('/api/vellum/:id/versions/:versionId', async (req, res) => {
    const version = await readVellumVersion(ctx, req.caller, {
      id: paramOf(req, 'id'),
      versionId: paramOf(req, 'versionId'),
    });
    res.json({ version: versionView(version, versionAsSave(version).problem) });
  });

  router.post('/api/vellum/:id/versions/:versionId/restore', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToWrite);
    const saved = await restoreVellumVersion(ctx, caller, {
      id: paramOf(req, 'id'),
      versionId: paramOf(req, 'versionId'),
    });
    res.json({ savedVellum: vellumView(saved) });
  });

  return router;
}
