import { Router } from 'express';
import { bodyOf, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { signUpSchema, usernameSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { cirrusStore } from '../store/cirrus-store';
import { signUp } from '../use-cases/sign-up';

export function signupRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/api/cirrus/create', errorShape('statusErrorMessage'), async (req, res) => {
    const input = bodyOf(req, signUpSchema);
    await signUp(ctx, maybeCallerOf(req), input);
    res.status(201).json({ status: 'Success' });
  });

  router.get('/api/username/:handle', async (req, res) => {
    const parsed = usernameSchema.safeParse(paramOf(req, 'handle'));
    const available = parsed.success && !(await cirrusStore.byUsername(ctx.db, parsed.data));
    res.json({ available });
  });

  return router;
}
