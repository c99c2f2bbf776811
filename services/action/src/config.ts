import { z } from 'zod';
import { serviceEnvShape } from '@vellum/platform';

/** The action service's environment (distributed mode). */
export const actionEnv = z.object(serviceEnvShape);

export type ActionEnv = z.infer<typeof actionEnv>;
