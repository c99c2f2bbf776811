// `@vellum/platform/redis`: the adapters over a Redis client (sessions, rate limits, outage logging); main.ts builds
// the ioredis client and hands it to them.
export * from './session/redis-session-store';
export * from './rate-limit/redis-limiters';
export * from './redis/log-redis-outages';
