import { Router } from 'express';
import { firstMessage, resetPasswordSchema, resetTokenCheckSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { messages } from '../domain/messages';
import { hashToken, tokenIsUsable } from '../domain/tokens';
import { cirrusStore } from '../store/cirrus-store';
import { cirrusEvents } from '../events/cirrus-events';
import { mailLinkHandler } from './mail-link';

export function passwordResetRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/api/password-reset/send', mailLinkHandler(ctx, 'reset_password'));

  router.post('/api/password-reset/token', async (req, res) => {
    const parsed = resetTokenCheckSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.json({ allowed: false });
      return;
    }
    const { email, token } = parsed.data;
    const allowed = await ctx.db.transaction(async (tx) => {
      const record = await cirrusStore.tokenForUpdate(tx, hashToken(token), 'reset_password');
      if (!tokenIsUsable(record, ctx.clock())) return false;
      const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
      return cirrus?.email === email;
    });
    res.json({ allowed });
  });

  router.post('/api/password-reset', async (req, res) => {
    const parsed = resetPasswordSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const badPassword = parsed.error.issues.some((issue) => issue.path[0] === 'password');
      res.status(400).json({
        status: 'Error',
        errorMessage: badPassword ? firstMessage(parsed.error) : messages.resetLinkInvalid,
      });
      return;
    }
    const { token, password } = parsed.data;
    const hash = hashToken(token);
    const passwordHash = await ctx.hasher.hash(password);
    const now = ctx.clock();
    const cirrusId = await ctx.db.transaction(async (tx) => {
      const record = await cirrusStore.tokenForUpdate(tx, hash, 'reset_password');
      if (!tokenIsUsable(record, now)) return null;
      await cirrusStore.useToken(tx, hash, now);
      await cirrusStore.setPasswordHash(tx, record!.cirrusId, passwordHash);
      // Following the mailed link proves the address, so it counts as verified too.
      const cirrus = await cirrusStore.byId(tx, record!.cirrusId);
      if (cirrus && !cirrus.emailVerifiedAt) {
        await cirrusStore.markVerified(tx, cirrus.id, now);
        await cirrusEvents.verified(tx, cirrus, now);
      }
      return record!.cirrusId;
    });
    if (!cirrusId) {
      res.status(400).json({ status: 'Error', errorMessage: messages.resetLinkInvalid });
      return;
    }
    const ended = await ctx.sessionStore.destroyUserSessions(cirrusId);
    ctx.wakeOutbox();
    ctx.logger.info({ cirrusId, ended }, 'password reset: sessions ended');
    res.json({ status: 'Success' });
  });

  return router;
}
