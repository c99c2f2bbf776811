import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * ioredis reconnects by itself and readiness reports the outage; this makes the log say why, once per distinct
 * error rather than on every retry.
 */
export function logRedisOutages(redis: Redis, logger: Logger): Redis {
  let lastError = '';
  redis.on('error', (err: Error) => {
    if (err.message !== lastError) logger.warn({ err }, 'redis unavailable');
    lastError = err.message;
  });
  redis.on('ready', () => (lastError = ''));
  return redis;
}
