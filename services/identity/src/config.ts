import { z } from 'zod';
import { env, serviceEnvShape, sessionLimitsEnvShape } from '@vellum/platform';

/** The development mailbox hands out reset links: a production process refuses to serve it. */
export const noDevMailboxInProduction = <T extends { NODE_ENV: string; DEV_MAILBOX: boolean }>(e: T) =>
  !(e.NODE_ENV === 'production' && e.DEV_MAILBOX);

const identityEnvShape = z.object({
  ...serviceEnvShape,
  REDIS_URL: env.redisUrl(),
  SESSION_SECRET: env.secret(),
  PUBLIC_URL: env.url(),
  /** SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS: the session time-outs (the gateway reads the same two). */
  ...sessionLimitsEnvShape,
  /** smtp(s)://user:pass@host:port; without it mail is captured by the development mailbox. */
  SMTP_URL: env.optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL')),
  MAIL_FROM: z.string().default('Vellum <no-reply@vellum.local>'),
  /**
   * `on` serves the mail captured without SMTP_URL at /dev/mailbox, to a direct client on this machine only (it holds
   * verification and reset links). Off unless turned on; refused with NODE_ENV=production.
   */
  DEV_MAILBOX: env.switch(),
  /** Comma-separated emails of the admins: an account is an admin once it has verified one of them. */
  ADMIN_EMAILS: env.list(),
  // Admins were once named by username, which anyone could claim by signing up first (issue 17).
  ADMIN_USERNAMES: z
    .string()
    .max(0, 'is no longer read: name the admins by email in ADMIN_EMAILS')
    .optional(),
});

/** Identity's environment (distributed mode). */
export const identityEnv = identityEnvShape.refine(noDevMailboxInProduction, {
  message: 'is refused with NODE_ENV=production',
  path: ['DEV_MAILBOX'],
});

export type IdentityEnv = z.infer<typeof identityEnv>;
