import { Router } from 'express';
import { bodyOf, callerOf, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { profileMessages, profileSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { viewedCirrusView } from '../domain/cirrus-views';
import { editProfile } from '../use-cases/edit-profile';
import { viewCirrus } from '../use-cases/view-cirrus';

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

  return router;
}
