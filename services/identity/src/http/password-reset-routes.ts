import { Router } from 'express';
import type { z } from 'zod';
import { bodyOf, errorShape, Invalid, maybeCallerOf } from '@vellum/platform';
import { emailRequestSchema, firstMessage, resetPasswordSchema, resetTokenCheckSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { checkResetToken } from '../use-cases/check-reset-token';
import { requestMailLink } from '../use-cases/request-mail-link';
import { resetPassword } from '../use-cases/reset-password';
import { bodyOr } from './body-or';

/** A bad new password says why; anything else wrong with the body is the link being invalid. */
const resetRefusal = (error: z.ZodError) =>
  new Invalid(
    error.issues.some((issue) => issue.path[0] === 'password')
      ? firstMessage(error)
      : messages.resetLinkInvalid,
  );

export function passwordResetRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/api/password-reset/send', errorShape('statusErrorMessage'), async (req, res) => {
    const { email } = bodyOf(req, emailRequestSchema);
    await requestMailLink(ctx, maybeCallerOf(req), { purpose: 'reset_password', email });
    res.json({ status: 'Success' });
  });

  // A check, not a refusal: a malformed body is just a link that is not allowed (200).
  router.post('/api/password-reset/token', errorShape('statusErrorMessage'), async (req, res) => {
    const input = bodyOr(req, resetTokenCheckSchema, () => undefined);
    const allowed = input !== undefined && (await checkResetToken(ctx, maybeCallerOf(req), input));
    res.json({ allowed });
  });

  router.post('/api/password-reset', errorShape('statusErrorMessage'), async (req, res) => {
    const input = bodyOr(req, resetPasswordSchema, (error) => {
      throw resetRefusal(error);
    });
    await resetPassword(ctx, maybeCallerOf(req), input);
    res.json({ status: 'Success' });
  });

  return router;
}
