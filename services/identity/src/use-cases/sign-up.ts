import { randomUUID } from 'node:crypto';
import { Conflict, type Caller } from '@vellum/platform';
import type { SignUpInput } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { displayNameOf } from '../domain/cirrus-views';
import { messages } from '../domain/messages';
import { cirrusEvents } from '../events/cirrus-events';
import { accountExistsMail, verificationMail } from '../mail/templates';
import { cirrusStore } from '../store/cirrus-store';
import { mailOutboxStore } from '../store/mail-outbox-store';
import { issueToken } from './issue-token';

/**
 * A new account and its verification mail. A registered email is answered like a new one (nothing is created;
 * its owner is mailed instead), so the result does not tell who is registered. A taken username is `Conflict`:
 * usernames are public, even when the email is taken too. The mail is queued in the account's transaction and
 * sent by the mail relay after the answer.
 */
export async function signUp(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  input: SignUpInput,
): Promise<void> {
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
  const result = await ctx.unitOfWork(async (unit) => {
    const { tx } = unit;
    const inserted = await cirrusStore.insert(tx, cirrus);
    if (inserted === 'email_taken') {
      await mailOutboxStore.enqueue(
        tx,
        'account_exists',
        accountExistsMail(ctx.config.publicUrl, cirrus.email),
      );
    } else if (inserted === 'created') {
      await cirrusEvents.created(unit, cirrus, now);
      const token = await issueToken(tx, cirrus.id, 'verify_email', now);
      await mailOutboxStore.enqueue(
        tx,
        'verify_email',
        verificationMail(ctx.config.publicUrl, cirrus.email, token),
      );
    }
    return inserted;
  });
  if (result === 'username_taken') throw new Conflict(messages.usernameTaken);
  ctx.wakeMail();
}
