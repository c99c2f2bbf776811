import type { RequestHandler } from 'express';
import { emailRequestSchema, firstMessage } from '@vellum/proto';
import type { IdentityContext } from '../context';
import type { MailMessage } from '../mail/mailer';
import { cirrusStore, type CirrusRecord, type TokenPurpose } from '../store/cirrus-store';
import { issueToken } from './issue-token';

export interface MailLinkOptions {
  purpose: TokenPurpose;
  /** Whether this cirrus gets a link (a verified address needs no verification link). */
  eligible?: (cirrus: CirrusRecord) => boolean;
  mail: (publicUrl: string, to: string, token: string) => MailMessage;
  /** The log line when sending fails. */
  failure: string;
}

/**
 * `{ email }` in, a fresh link token of `purpose` mailed out. The answer is the same whether or not the email is
 * registered (or eligible), so it reveals nothing; a mail that cannot be sent is logged, not reported.
 */
export function mailLinkHandler(ctx: IdentityContext, options: MailLinkOptions): RequestHandler {
  return async (req, res) => {
    const parsed = emailRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ status: 'Error', errorMessage: firstMessage(parsed.error) });
      return;
    }
    const { email } = parsed.data;
    const cirrus = await cirrusStore.byEmail(ctx.db, email);
    if (cirrus && (options.eligible?.(cirrus) ?? true)) {
      const token = await ctx.db.transaction((tx) => issueToken(tx, cirrus.id, options.purpose, ctx.clock()));
      await ctx.mailer
        .send(options.mail(ctx.config.publicUrl, email, token))
        .catch((err: unknown) => ctx.logger.error({ err }, options.failure));
    }
    res.json({ status: 'Success' });
  };
}
