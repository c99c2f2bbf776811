// Telemetry first: it patches http, express and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('messaging');

import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { runMongoServiceMain } from '@vellum/platform-mongo';
import { logRedisOutages, redisLimiters } from '@vellum/platform-redis';
import { messagingEnv } from './config';
import { createMongoMessagingService } from './mongo-service';
import { assertionAuthenticate } from './realtime/assertion-authenticate';
import { socketRealtime } from './realtime/socket-realtime';

runMongoServiceMain({
  name: 'messaging',
  env: messagingEnv,
  stopTelemetry,
  build: async ({ env, logger, mongo, bus }) => {
    const redis = logRedisOutages(new Redis(env.REDIS_URL, { maxRetriesPerRequest: 3 }), logger);
    // The adapter's subscriber is a connection of its own (a subscribed Redis connection sends nothing else).
    const subscriber = logRedisOutages(redis.duplicate(), logger);
    const realtime = socketRealtime({
      authenticate: assertionAuthenticate(env.INTERNAL_AUTH_SECRET),
      logger,
      adapter: createAdapter(redis, subscriber),
    });
    const service = await createMongoMessagingService({
      database: mongo.database,
      bus,
      logger,
      limiters: redisLimiters(redis),
      realtime,
      config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET },
    });
    return {
      service,
      checks: { redis: async () => (await redis.ping()) === 'PONG' },
      // Closers run last to first: the sockets end before the Redis connections close.
      closers: [
        async () => {
          subscriber.disconnect();
          redis.disconnect();
        },
        () => realtime.close(),
      ],
    };
  },
});
