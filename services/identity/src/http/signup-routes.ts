import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { firstMessage, signUpSchema, usernameSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { displayNameOf } from '../domain/cirrus-views';
import { messages } from '../domain/messages';
import { cirrusStore } from '../store/cirrus-store';
import { cirrusEvents } from '../events/cirrus-events';
import { issueToken } from './issue-token';
import { accountExistsMail, verificationMail } from '../mail/templates';
import { mailOutboxStore } from '../store/mail-outbox-store';

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
    // The mail is queued in the account's transaction and sent by the mail relay after the answer.
    const result = await ctx.db.transaction(async (tx) => {
      const inserted = await cirrusStore.insert(tx, cirrus);
      if (inserted === 'email_taken') {
        // Answered like a new sign-up, so the answer does not tell who is registered; the owner hears of it.
        await mailOutboxStore.enqueue(
          tx,
          'account_exists',
          accountExistsMail(ctx.config.publicUrl, cirrus.email),
        );
      } else if (inserted === 'created') {
        await cirrusEvents.created(tx, cirrus, now);
        const token = await issueToken(tx, cirrus.id, 'verify_email', now);
        await mailOutboxStore.enqueue(
          tx,
          'verify_email',
          verificationMail(ctx.config.publicUrl, cirrus.email, token),
        );
      }
      return inserted;
    });
    // Usernames are public (every profile shows one), so a taken one is said, even when the email is taken too.
    if (result === 'username_taken') {
      res.status(409).json({ status: 'Error', errorMessage: messages.usernameTaken });
      return;
    }
    res.status(201).json({ status: 'Success' });
    if (result === 'created') ctx.wakeOutbox();
    ctx.wakeMail();
  });

  router.get('/api/username/:handle', async (req, res) => {
    const parsed = usernameSchema.safeParse(req.params.handle);
    const available = parsed.success && !(await cirrusStore.byUsername(ctx.db, parsed.data));
    res.json({ available });
  });

  return router;
}
