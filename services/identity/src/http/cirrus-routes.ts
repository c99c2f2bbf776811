import { Router } from 'express';
import { bodyOf, callerOf, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { deleteAccountMessages, deleteAccountSchema, profileMessages, profileSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { viewedCirrusView } from '../domain/cirrus-views';
import { deleteAccount } from '../use-cases/delete-account';
import { editProfile } from '../use-cases/edit-profile';
import { viewCirrus } from '../use-cases/view-cirrus';
import { clearSessionCookie } from './session-routes';

export function cirrusRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/api/cirrus/:username', async (req, res) => {
    const viewer = maybeCallerOf(req);
    const cirrus = await viewCirrus(ctx, viewer, { username: paramOf(req, 'username') });
    res.json({ viewedCirrus: viewedCirrusView(cirrus, viewer?.id) });
  });

  // The profile form's call: a refused body answers each field's message (`fieldErrors`) for the form to show.
  router.put('/api/cirrus/:username/profile', errorShape('fieldErrors'), async (req, res) => {
    const caller = callerOf(req, profileMessages.signIn);
    const profile = bodyOf(req, profileSchema);
    const cirrus = await editProfile(ctx, caller, { username: paramOf(req, 'username'), profile });
    res.json({ viewedCirrus: viewedCirrusView(cirrus, caller.id) });
  });

  // Account deletion, confirmed with the password in the body (a POST: a DELETE with a body is not portable).
  router.post('/api/cirrus/:username/delete', async (req, res) => {
    const caller = callerOf(req, deleteAccountMessages.signIn);
    const input = bodyOf(req, deleteAccountSchema);
    await deleteAccount(ctx, caller, { username: paramOf(req, 'username'), ...input });
    clearSessionCookie(ctx, res);
    res.json({});
  });

  return router;
}
