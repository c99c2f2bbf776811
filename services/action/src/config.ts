import { z } from 'zod';
import { env } from '@vellum/platform';

/** The action service's environment (distributed mode). */
export const actionEnv = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  DATABASE_URL: env.postgresUrl(),
  KAFKA_BROKERS: env.brokers(),
  /** Verifies the gateway's caller assertion (shared with the gateway). */
  INTERNAL_AUTH_SECRET: env.secret(),
});

export type ActionEnv = z.infer<typeof actionEnv>;
