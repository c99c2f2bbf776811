import { z } from 'zod';
import { env, serviceEnvShape } from '@vellum/platform';

/** Analytics' environment (distributed mode). */
export const analyticsEnv = z.object({
  ...serviceEnvShape,
  /** Comma-separated emails of the admins, as identity is given them: the verified owner of one is an admin. */
  ADMIN_EMAILS: env.list(),
});

export type AnalyticsEnv = z.infer<typeof analyticsEnv>;
