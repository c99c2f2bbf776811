import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('identity');

import { Redis } from 'ioredis';
import {
  createKafkaBus,
  createLogger,
  createPgDb,
  loadConfig,
  RedisSessionStore,
  startServiceProcess,
} from '@vellum/platform';
import { identityEnv } from './config';
import { createIdentityService } from './service';
import { createArgon2Hasher } from './domain/passwords';
import { DevMailbox } from './mail/dev-mailbox';
import { createSmtpMailer } from './mail/smtp-mailer';

async function main() {
  const env = loadConfig(identityEnv);
  const logger = createLogger({ service: 'identity', level: env.LOG_LEVEL });
  const db = createPgDb({ connectionString: env.DATABASE_URL, applicationName: 'identity' });
  const redis = new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // ioredis reconnects by itself; readiness reports the outage, the log says why (once per distinct error).
  let lastRedisError = '';
  redis.on('error', (err: Error) => {
    if (err.message !== lastRedisError) logger.warn({ err }, 'redis unavailable');
    lastRedisError = err.message;
  });
  redis.on('ready', () => (lastRedisError = ''));
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: 'identity', logger });
  const sessionStore = new RedisSessionStore(redis);
  const smtp = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined;
  const devMailbox = smtp ? undefined : new DevMailbox(logger);

  await startServiceProcess(
    (wakeOutbox) =>
      createIdentityService({
        db,
        sessionStore,
        mailer: smtp ?? devMailbox!,
        devMailbox: env.NODE_ENV === 'production' ? undefined : devMailbox,
        hasher: createArgon2Hasher(),
        logger,
        wakeOutbox,
        config: {
          publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
          sessionSecret: env.SESSION_SECRET,
          internalAuthSecret: env.INTERNAL_AUTH_SECRET,
          adminUsernames: env.ADMIN_USERNAMES,
          secureCookies: env.PUBLIC_URL.startsWith('https:'),
        },
      }),
    {
      db,
      bus,
      logger,
      port: env.PORT,
      checks: { sessions: () => sessionStore.ping() },
      closers: [
        async () => {
          smtp?.close();
          redis.disconnect();
        },
        async () => stopTelemetry?.(),
      ],
    },
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`identity failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
