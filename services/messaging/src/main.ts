// Telemetry first: it patches http, express and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('messaging');

import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { runMongoServiceMain } from '@vellum/platform-mongo';
import { logRedisOutages, redisLimiters, redisOptions } from '@vellum/platform-redis';
import { messagingEnv } from './config';
import { createMongoMessagingService } from './mongo-service';
import { assertionAuthenticate } from './realtime/assertion-authenticate';
import { socketRealtime } from './realtime/socket-realtime';

runMongoServiceMain({
  name: 'messaging',
  env: messagingEnv,
  stopTelemetry,
  build: async ({ env, logger, mongo, bus }) => {
    const redis = logRedisOutages(new Redis(env.REDIS_URL, redisOptions), logger);
    // The socket.io adapter's connections, its subscriber one of its own (a subscribed Redis connection sends nothing
    // else), keep no command time-out: the adapter catches none of its PUBLISHes and SUBSCRIBEs, so a timed-out one
    // would be an unhandled rejection ending the process, and no request waits on them.
    const adapterOptions = { commandTimeout: undefined };
    const publisher = logRedisOutages(redis.duplicate(adapterOptions), logger);
    const subscriber = logRedisOutages(redis.duplicate(adapterOptions), logger);
    const realtime = socketRealtime({
      authenticate: assertionAuthenticate(env.INTERNAL_AUTH_SECRET),
      logger,
      adapter: createAdapter(publisher, subscriber),
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
          publisher.disconnect();
          redis.disconnect();
        },
        () => realtime.close(),
      ],
    };
  },
});
