import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { firstMessage, signUpSchema, usernameSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { displayNameOf } from '../domain/cirrus-views';
import { messages } from '../domain/messages';
import { cirrusStore } from '../store/cirrus-store';
import { cirrusEvents } from '../events/cirrus-events';
import { issueToken } from './issue-token';
import { verificationMail } from '../mail/templates';

export function signupRoutes(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/api/cirrus/create', async (req, res) => {
    const parsed = signUpSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ status: 'Error', errorMessage: firstMessage(parsed.error) });
      return;
    }
    const input = parsed.data;
    const passwordHash = await ctx.hasher.hash(input.password);
    const now = ctx.clock();
    const cirrus = {
      id: randomUUID(),
      username: input.username,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      displayName: displayNameOf(input.first_name, input.last_name),
      passwordHash,
    };
    const outcome = await ctx.db.transaction(async (tx) => {
      const result = await cirrusStore.insert(tx, cirrus);
      if (result !== 'created') return { result } as const;
      await cirrusEvents.created(tx, cirrus, now);
      const token = await issueToken(tx, cirrus.id, 'verify_email', now);
      return { result, token } as const;
    });
    if (outcome.result !== 'created') {
      const errorMessage = outcome.result === 'username_taken' ? messages.usernameTaken : messages.emailTaken;
      res.status(409).json({ status: 'Error', errorMessage });
      return;
    }
    ctx.wakeOutbox();
    // The account exists even if the mail fails: the user can ask for a new link.
    await ctx.mailer
      .send(verificationMail(ctx.config.publicUrl, cirrus.email, outcome.token))
      .catch((err: unknown) => ctx.logger.error({ err }, 'verification mail failed'));
    res.status(201).json({ status: 'Success' });
  });

  router.get('/api/username/:handle', async (req, res) => {
    const parsed = usernameSchema.safeParse(req.params.handle);
    const available = parsed.success && !(await cirrusStore.byUsername(ctx.db, parsed.data));
    res.json({ available });
  });

  return router;
}
