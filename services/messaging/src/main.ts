// Telemetry first: it patches http, express and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('messaging');

import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { runMongoServiceMain } from '@vellum/platform-mongo';
import {
  logRedisOutages,
  measureRedis,
  pubSubConnections,
  redisLimiters,
  redisOptions,
  redisPresence,
} from '@vellum/platform-redis';
import { messagingEnv } from './config';
import { createMongoMessagingService } from './mongo-service';
import { assertionAuthenticate } from './realtime/assertion-authenticate';
import { socketRealtime } from './realtime/socket-realtime';

runMongoServiceMain({
  name: 'messaging',
  env: messagingEnv,
  stopTelemetry,
  build: async ({ env, logger, mongo, bus, metrics }) => {
    const measured = env.METRICS_PORT === undefined ? undefined : metrics;
    const redis = measureRedis(logRedisOutages(new Redis(env.REDIS_URL, redisOptions), logger), measured);
    const connections = pubSubConnections(redis);
    const publisher = measureRedis(logRedisOutages(connections.publisher, logger), measured);
    const subscriber = logRedisOutages(connections.subscriber, logger);
    const realtime = socketRealtime({
      authenticate: assertionAuthenticate(env.INTERNAL_AUTH_SECRET),
      logger,
      adapter: createAdapter(publisher, subscriber),
      newSocketsPerSecond: env.NEW_SOCKETS_PER_SECOND,
      metrics,
      presence: redisPresence(redis),
    });
    const service = await createMongoMessagingService({
      database: mongo.database,
      bus,
      metrics,
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
