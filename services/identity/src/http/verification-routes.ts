import { Router } from 'express';
import { verifyEmailSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusStore } from '../store/cirrus-store';
import { cirrusEvents } from '../events/cirrus-events';
import { mailLinkHandler } from './mail-link';

export function verificationRoutes(ctx: IdentityContext): Router {
  const router = Router();

  // A new link, for an address not verified yet (the mail relay sends nothing to a verified one).
  router.put('/api/verification/email', mailLinkHandler(ctx, 'verify_email'));

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
