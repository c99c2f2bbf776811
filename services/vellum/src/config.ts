import { z } from 'zod';
import { serviceEnvShape } from '@vellum/platform';
import { VERSION_COALESCE_MINUTES } from '@vellum/proto';

/** Settings of the vellum service that both composition roots read (main.ts and all-in-one). */
export const vellumSettingsShape = {
  /** Ratings a public vellum needs before its score shows (spec: `ratingsRequired` counts the votes still needed). */
  RATINGS_REQUIRED: z.coerce.number().int().min(1).max(1000).default(3),
  /** Saves less than this many minutes apart coalesce into one version of the history (issue 28; 0: none do). */
  VERSION_COALESCE_MINUTES: z.coerce.number().int().min(0).max(1440).default(VERSION_COALESCE_MINUTES),
};

/** The vellum service's environment (distributed mode). */
export const vellumEnv = z.object({
  ...serviceEnvShape,
  ...vellumSettingsShape,
});

export type VellumEnv = z.infer<typeof vellumEnv>;
