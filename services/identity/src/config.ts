import { z } from 'zod';
import { env, serviceEnvShape } from '@vellum/platform';

/** Identity's environment (distributed mode). */
export const identityEnv = z.object({
  ...serviceEnvShape,
  REDIS_URL: env.redisUrl(),
  SESSION_SECRET: env.secret(),
  PUBLIC_URL: env.url(),
  /** smtp(s)://user:pass@host:port; without it mail is captured by the development mailbox. */
  SMTP_URL: env.optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL')),
  MAIL_FROM: z.string().default('Vellum <no-reply@vellum.local>'),
  ADMIN_USERNAMES: env.list(),
});

export type IdentityEnv = z.infer<typeof identityEnv>;
