import { z } from 'zod';
import { mongoServiceEnvShape } from '@vellum/platform';

/** The link service's environment (distributed mode, on MongoDB). */
export const linkEnv = z.object(mongoServiceEnvShape);

export type LinkEnv = z.infer<typeof linkEnv>;
