// Telemetry first: it patches http, express and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('link');

import { Redis } from 'ioredis';
import { runMongoServiceMain } from '@vellum/platform-mongo';
import { logRedisOutages, measureRedis, redisLimiters, redisOptions } from '@vellum/platform-redis';
import { clickLimitsOf, linkEnv } from './config';
import { createMongoLinkService } from './mongo-service';

runMongoServiceMain({
  name: 'link',
  env: linkEnv,
  stopTelemetry,
  build: async ({ env, logger, mongo, bus, metrics }) => {
    const redis = measureRedis(
      logRedisOutages(new Redis(env.REDIS_URL, redisOptions), logger),
      env.METRICS_PORT === undefined ? undefined : metrics,
    );
    const service = await createMongoLinkService({
      database: mongo.database,
      bus,
      metrics,
      logger,
      limiters: redisLimiters(redis),
      config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET, clickLimits: clickLimitsOf(env) },
    });
    return {
      service,
      checks: { redis: async () => (await redis.ping()) === 'PONG' },
      closers: [async () => redis.disconnect()],
    };
  },
});
