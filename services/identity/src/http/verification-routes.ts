import { Router } from 'express';
import { bodyOf, errorShape, Invalid, maybeCallerOf } from '@vellum/platform';
import { emailRequestSchema, verifyEmailSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { requestMailLink } from '../use-cases/request-mail-link';
import { verifyEmail } from '../use-cases/verify-email';
import { bodyOr } from './body-or';

export function verificationRoutes(ctx: IdentityContext): Router {
  const router = Router();

  // A new link, for an address not verified yet (the mail relay sends nothing to a verified one).
  router.put('/api/verification/email', errorShape('statusErrorMessage'), async (req, res) => {
    const { email } = bodyOf(req, emailRequestSchema);
    await requestMailLink(ctx, maybeCallerOf(req), { purpose: 'verify_email', email });
    res.json({ status: 'Success' });
  });

  router.post('/api/verification/email', errorShape('statusErrorMessage'), async (req, res) => {
    // Any bad link, malformed or not, gets the one answer the page knows.
    const input = bodyOr(req, verifyEmailSchema, () => {
      throw new Invalid(messages.verificationFailed);
    });
    const { email } = await verifyEmail(ctx, maybeCallerOf(req), input);
    res.json({ status: 'Success', email });
  });

  return router;
}
