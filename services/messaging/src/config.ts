import { z } from 'zod';
import { env, mongoServiceEnvShape } from '@vellum/platform';

/** The messaging service's environment (distributed mode, on MongoDB, its sockets' rooms shared through Redis). */
export const messagingEnv = z.object({
  ...mongoServiceEnvShape,
  /** socket.io's Redis adapter (any replica delivers to a socket on any other) and the send rate limit. */
  REDIS_URL: env.redisUrl(),
});

export type MessagingEnv = z.infer<typeof messagingEnv>;
