import { z } from 'zod';
import { serviceEnvShape } from '@vellum/platform';

/** Settings of the vellum service that both composition roots read (main.ts and all-in-one). */
export const vellumSettingsShape = {
  /** Ratings a public vellum needs before its score shows (spec: `ratingsRequired` counts the votes still needed). */
  RATINGS_REQUIRED: z.coerce.number().int().min(1).max(1000).default(3),
};

/** The vellum service's environment (distributed mode). */
export const vellumEnv = z.object({
  ...serviceEnvShape,
  ...vellumSettingsShape,
});

export type VellumEnv = z.infer<typeof vellumEnv>;
