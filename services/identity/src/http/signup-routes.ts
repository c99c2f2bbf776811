import { Router } from 'express';
import { bodyOf, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { signUpSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { checkUsername } from '../use-cases/check-username';
import { signUp } from '../use-cases/sign-up';

export function signupRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/api/cirrus/create', errorShape('statusErrorMessage'), async (req, res) => {
    const input = bodyOf(req, signUpSchema);
    await signUp(ctx, maybeCallerOf(req), input);
    res.status(201).json({ status: 'Success' });
  });

  router.get('/api/username/:handle', async (req, res) => {
    const available = await checkUsername(ctx, maybeCallerOf(req), { username: paramOf(req, 'handle') });
    res.json({ available });
  });

  return router;
}
