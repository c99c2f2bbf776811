import { z } from 'zod';
import { env } from '@vellum/platform';

/** Social's environment (distributed mode). */
export const socialEnv = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  KAFKA_BROKERS: env.brokers(),
  INTERNAL_AUTH_SECRET: env.secret(),
});

export type SocialEnv = z.infer<typeof socialEnv>;
