import { z } from 'zod';
import { serviceEnvShape } from '@vellum/platform';

/** Social's environment (distributed mode). */
export const socialEnv = z.object(serviceEnvShape);

export type SocialEnv = z.infer<typeof socialEnv>;
