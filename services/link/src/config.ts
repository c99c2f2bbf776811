import { z } from 'zod';
import { env, mongoServiceEnvShape } from '@vellum/platform';
import { DEFAULT_CLICK_LIMITS } from './domain/click';

const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Settings of the link service that both composition roots read (main.ts and all-in-one). */
export const linkSettingsShape = {
  /** Redirects (`GET /api/link/go/{id}`) answered per client address and minute; beyond them 429. */
  LINK_REDIRECTS_PER_MINUTE: perMinute(DEFAULT_CLICK_LIMITS.redirectsPerMinute),
  /** Clicks counted per client address, link and minute; beyond them the visitor is redirected, not counted. */
  LINK_COUNTED_CLICKS_PER_MINUTE: perMinute(DEFAULT_CLICK_LIMITS.countedClicksPerMinute),
};

/** The link service's limits from its settings. */
export const clickLimitsOf = (settings: z.infer<z.ZodObject<typeof linkSettingsShape>>) => ({
  redirectsPerMinute: settings.LINK_REDIRECTS_PER_MINUTE,
  countedClicksPerMinute: settings.LINK_COUNTED_CLICKS_PER_MINUTE,
});

/** The link service's environment (distributed mode, on MongoDB, its limits per client address in Redis). */
export const linkEnv = z.object({
  ...mongoServiceEnvShape,
  ...linkSettingsShape,
  /** The redirect's limits per client address, shared by every replica. */
  REDIS_URL: env.redisUrl(),
});

export type LinkEnv = z.infer<typeof linkEnv>;
