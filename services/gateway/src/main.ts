import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('gateway');

import { Redis } from 'ioredis';
import {
  createLogger,
  createMetricsRegistry,
  exitOnSignals,
  loadConfig,
  proxyTrust,
  serve,
  serveMetrics,
  sessionLimitsOf,
} from '@vellum/platform';
import {
  logRedisOutages,
  measureRedis,
  redisLimiters,
  RedisSessionStore,
  redisOptions,
} from '@vellum/platform-redis';
import { gatewayEnv, originsOf, remoteUrlsOf, upstreamPoolOf, upstreamsOf } from './config';
import { createGateway } from './gateway';
import { VERSION } from './version';

async function main() {
  const env = loadConfig(gatewayEnv);
  const logger = createLogger({ service: 'gateway', level: env.LOG_LEVEL });
  const metrics = createMetricsRegistry('gateway');
  const redis = measureRedis(
    logRedisOutages(new Redis(env.REDIS_URL, redisOptions), logger),
    env.METRICS_PORT === undefined ? undefined : metrics,
  );
  const drain = { draining: false };
  const gateway = createGateway({
    logger,
    metrics: env.METRICS_PORT === undefined ? undefined : metrics,
    upstreams: upstreamsOf(env),
    upstreamPool: upstreamPoolOf(env),
    sessions: new RedisSessionStore(redis),
    limiters: redisLimiters(redis),
    publicUrl: env.PUBLIC_URL,
    sessionSecret: env.SESSION_SECRET,
    internalAuthSecret: env.INTERNAL_AUTH_SECRET,
    sessionLimits: sessionLimitsOf(env),
    authRatePerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    frontends: {
      shellDir: env.SHELL_DIR,
      shellUrl: env.SHELL_URL,
      remoteUrls: remoteUrlsOf(env),
      version: VERSION,
      scriptOrigins: originsOf(Object.values(remoteUrlsOf(env))),
    },
    isDraining: () => drain.draining,
    trustProxy: proxyTrust(env.TRUSTED_PROXIES),
  });
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, { port: env.METRICS_PORT, logger });
  const running = await serve(
    gateway.app,
    {
      port: env.PORT,
      logger,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      closers: [
        async () => metricsServer?.close(),
        async () => redis.disconnect(),
        async () => stopTelemetry?.(),
        async () => gateway.close(),
      ],
    },
    drain,
  );
  gateway.attachUpgrades(running.server);
  logger.info({ port: running.port }, `listening on ${running.url}`);
  exitOnSignals(running, logger);
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
