// Telemetry first: it patches http, express, pg and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('identity');

import { Redis } from 'ioredis';
import { sessionLimitsOf } from '@vellum/platform';
import {
  logRedisOutages,
  measureRedis,
  redisLimiters,
  RedisSessionStore,
  redisOptions,
} from '@vellum/platform-redis';
import { runServiceMain } from '@vellum/platform-postgres';
import { identityEnv } from './config';
import { createIdentityService } from './service';
import { createArgon2Hasher } from './domain/passwords';
import { createMailPorts } from './mail/mail-ports';

runServiceMain({
  name: 'identity',
  env: identityEnv,
  stopTelemetry,
  build: ({ env, db, logger, wakeOutbox, metrics }) => {
    const redis = measureRedis(
      logRedisOutages(new Redis(env.REDIS_URL, redisOptions), logger),
      env.METRICS_PORT === undefined ? undefined : metrics,
    );
    const sessionStore = new RedisSessionStore(redis);
    const mail = createMailPorts(env, logger);
    const service = createIdentityService({
      db,
      sessionStore,
      limiters: redisLimiters(redis),
      mailer: mail.mailer,
      devMailbox: mail.devMailbox,
      hasher: createArgon2Hasher(),
      logger,
      wakeOutbox,
      metrics,
      config: {
        publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
        sessionSecret: env.SESSION_SECRET,
        internalAuthSecret: env.INTERNAL_AUTH_SECRET,
        adminEmails: env.ADMIN_EMAILS,
        secureCookies: env.PUBLIC_URL.startsWith('https:'),
        sessionLimits: sessionLimitsOf(env),
      },
    });
    return {
      service,
      checks: { sessions: () => sessionStore.ping() },
      closers: [
        async () => {
          mail.close();
          redis.disconnect();
        },
      ],
    };
  },
});
