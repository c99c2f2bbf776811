import type { Caller } from '@vellum/platform';
import type { EmailRequestInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import type { TokenPurpose } from '../store/cirrus-store';
import { mailOutboxStore } from '../store/mail-outbox-store';

/**
 * A link of `purpose` (verification or reset) mailed to `email` later. Every valid email takes the same path: one
 * requested row in `identity.mail_outbox`. Whether the email is registered (and eligible) is decided by the mail
 * relay after the answer, so neither the answer nor its timing reveals it; a mail that cannot be sent is retried
 * and logged, not reported.
 */
export async function requestMailLink(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  input: EmailRequestInput & { purpose: TokenPurpose },
): Promise<void> {
  await mailOutboxStore.request(ctx.db, input.purpose, input.email);
  ctx.wakeMail();
}
