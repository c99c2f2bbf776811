import type { RequestHandler } from 'express';
import { emailRequestSchema, firstMessage } from '@vellum/proto';
import type { IdentityContext } from '../context';
import type { TokenPurpose } from '../store/cirrus-store';
import { mailOutboxStore } from '../store/mail-outbox-store';

/**
 * `{ email }` in, a link of `purpose` mailed out later. Every valid email takes the same path: one requested row in
 * `identity.mail_outbox`, then the answer. Whether the email is registered (and eligible) is decided by the mail
 * relay after the answer, so neither the answer nor its timing reveals it; a mail that cannot be sent is retried
 * and logged, not reported.
 */
export function mailLinkHandler(ctx: IdentityContext, purpose: TokenPurpose): RequestHandler {
  return async (req, res) => {
    const parsed = emailRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ status: 'Error', errorMessage: firstMessage(parsed.error) });
      return;
    }
    await mailOutboxStore.request(ctx.db, purpose, parsed.data.email);
    res.json({ status: 'Success' });
    ctx.wakeMail();
  };
}
