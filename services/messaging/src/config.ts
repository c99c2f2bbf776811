import { z } from 'zod';
import { env, mongoServiceEnvShape } from '@vellum/platform';
import { NEW_SOCKETS_PER_SECOND } from './realtime/new-socket-rate';

/** The messaging service's environment (distributed mode, on MongoDB, its sockets' rooms shared through Redis). */
export const messagingEnv = z.object({
  ...mongoServiceEnvShape,
  /** socket.io's Redis adapter (any replica delivers to a socket on any other) and the send rate limit. */
  REDIS_URL: env.redisUrl(),
  /** New sockets one replica accepts per second; past it upgrades are refused and the clients retry after a back-off. */
  NEW_SOCKETS_PER_SECOND: z.coerce.number().int().positive().default(NEW_SOCKETS_PER_SECOND),
});

export type MessagingEnv = z.infer<typeof messagingEnv>;
