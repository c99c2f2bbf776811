import { Router } from 'express';
import { emailRequestSchema, firstMessage, verifyEmailSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusStore } from '../store/cirrus-store';
import { cirrusEvents } from '../events/cirrus-events';
import { verificationMail } from '../mail/templates';
import { issueToken } from './issue-token';

export function verificationRoutes(ctx: IdentityContext): Router {
  const router = Router();

  // A new link; the answer is the same whether or not the email is registered, so it reveals nothing.
  router.put('/api/verification/email', async (req, res) => {
    const parsed = emailRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ status: 'Error', errorMessage: firstMessage(parsed.error) });
      return;
    }
    const { email } = parsed.data;
    const cirrus = await cirrusStore.byEmail(ctx.db, email);
    if (cirrus && !cirrus.emailVerifiedAt) {
      const token = await ctx.db.transaction((tx) => issueToken(tx, cirrus.id, 'verify_email', ctx.clock()));
      await ctx.mailer
        .send(verificationMail(ctx.config.publicUrl, email, token))
        .catch((err: unknown) => ctx.logger.error({ err }, 'verification mail failed'));
    }
    res.json({ status: 'Success' });
  });

  router.post('/api/verification/email', async (req, res) => {
    const parsed = verifyEmailSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ status: 'Error', errorMessage: messages.verificationFailed });
      return;
    }
    const { email, token } = parsed.data;
    const hash = hashToken(token);
    const now = ctx.clock();
    const verified = await ctx.db.transaction(async (tx) => {
      const record = await cirrusStore.tokenForUpdate(tx, hash, 'verify_email');
      if (!tokenIsUsable(record, now)) return false;
      const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
      if (!cirrus || cirrus.email !== email) return false;
      await cirrusStore.useToken(tx, hash, now);
      await cirrusStore.markVerified(tx, cirrus.id, now);
      await cirrusEvents.verified(tx, cirrus, now);
      return true;
    });
    if (!verified) {
      res.status(400).json({ status: 'Error', errorMessage: messages.verificationFailed });
      return;
    }
    ctx.wakeOutbox();
    res.json({ status: 'Success', email });
  });

  return router;
}
