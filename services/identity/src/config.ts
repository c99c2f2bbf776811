import { z } from 'zod';
import { env } from '@vellum/platform';

/** Identity's environment (distributed mode). */
export const identityEnv = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  REDIS_URL: env.redisUrl(),
  KAFKA_BROKERS: env.brokers(),
  SESSION_SECRET: env.secret(),
  INTERNAL_AUTH_SECRET: env.secret(),
  PUBLIC_URL: env.url(),
  /** smtp(s)://user:pass@host:port; without it mail is captured by the development mailbox. */
  SMTP_URL: env.optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL')),
  MAIL_FROM: z.string().default('Vellum <no-reply@vellum.local>'),
  ADMIN_USERNAMES: env.list(),
});

export type IdentityEnv = z.infer<typeof identityEnv>;
