import { z } from 'zod';
import { env, metricsEnvShape, sessionLimitsEnvShape, timeoutEnvShape } from '@vellum/platform';
import { REMOTE_NAMES, remoteUrlEnvName, type RemoteUrlEnvName } from '@vellum/proto';
import { DEFAULT_UPSTREAM_POOL, type UpstreamPoolOptions } from './http/upstream-pool';

const upstream = () => env.optional(env.url());
const remote = () => env.optional(z.string().min(1));

/**
 * Each micro-frontend's manifest URL for /config.json, e.g. https://cdn.example.com/editor/mf-manifest.json: one
 * `REMOTE_<NAME>_URL: remote()` per name of REMOTE_NAMES (@vellum/proto), the list the frontends' registry uses.
 */
export const remoteEnvShape = Object.fromEntries(
  REMOTE_NAMES.map((name) => [remoteUrlEnvName(name), remote()]),
) as Record<RemoteUrlEnvName, ReturnType<typeof remote>>;
type RemoteEnv = z.infer<z.ZodObject<typeof remoteEnvShape>>;

const gatewayEnvShape = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  ...metricsEnvShape,
  REDIS_URL: env.redisUrl(),
  SESSION_SECRET: env.secret(),
  INTERNAL_AUTH_SECRET: env.secret(),
  /** The app's own origin: state-changing requests from any other origin are refused. */
  PUBLIC_URL: env.url(),
  /** Sign-in, sign-up, verification and reset calls per client address and minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** The proxies in front (the ingress) whose X-Forwarded-For/-Proto are believed; empty: nobody's. */
  TRUSTED_PROXIES: env.trustedProxies(),
  /** SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS: the same time-outs as identity's. */
  ...sessionLimitsEnvShape,
  ...timeoutEnvShape,
  /** Most kept-alive connections to one service at once (calls beyond wait for a free one). */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().positive().default(DEFAULT_UPSTREAM_POOL.connections),
  /** How long an idle connection to a service is kept: under the services' 65 s keep-alive. */
  UPSTREAM_KEEP_ALIVE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(64_000)
    .default(DEFAULT_UPSTREAM_POOL.keepAliveMs),
  /** How long a service may take to start answering, and then between two pieces of its answer. */
  UPSTREAM_TIMEOUT_MS: env.timeoutMs(DEFAULT_UPSTREAM_POOL.timeoutMs),
  IDENTITY_URL: env.url(),
  VELLUM_URL: upstream(),
  ACTION_URL: upstream(),
  SOCIAL_URL: upstream(),
  LINK_URL: upstream(),
  MESSAGING_URL: upstream(),
  ANALYTICS_URL: upstream(),
  /** Built shell to serve at `/` (optional: in production a static server or CDN may serve it). */
  SHELL_DIR: env.optional(z.string()),
  /**
   * The shell's server (its Service in a cluster), when SHELL_DIR is not set: a page navigation that reaches the
   * gateway (a path it shares with the shell's router, such as /messenger/...) gets the page from it.
   */
  SHELL_URL: upstream(),
  ...remoteEnvShape,
});

/** The gateway's environment (distributed mode). */
export const gatewayEnv = gatewayEnvShape.refine((e) => !(e.SHELL_DIR && e.SHELL_URL), {
  message:
    'set SHELL_DIR (the shell served by the gateway) or SHELL_URL (the shell served elsewhere), not both',
  path: ['SHELL_URL'],
});

export type GatewayEnv = z.infer<typeof gatewayEnv>;

export function upstreamsOf(e: GatewayEnv) {
  const entries = {
    identity: e.IDENTITY_URL,
    vellum: e.VELLUM_URL,
    action: e.ACTION_URL,
    social: e.SOCIAL_URL,
    link: e.LINK_URL,
    messaging: e.MESSAGING_URL,
    analytics: e.ANALYTICS_URL,
  };
  return Object.fromEntries(
    Object.entries(entries)
      .filter((entry): entry is [string, string] => Boolean(entry[1]))
      .map(([name, url]) => [name, { url }]),
  );
}

/** The pools of kept-alive connections to the services. */
export const upstreamPoolOf = (e: GatewayEnv): UpstreamPoolOptions => ({
  connections: e.UPSTREAM_CONNECTIONS,
  keepAliveMs: e.UPSTREAM_KEEP_ALIVE_MS,
  timeoutMs: e.UPSTREAM_TIMEOUT_MS,
});

/** The remotes whose URL is set, by name (a RemoteName): what /config.json lists. */
export function remoteUrlsOf(e: RemoteEnv): Record<string, string> {
  return Object.fromEntries(
    REMOTE_NAMES.flatMap((name) => {
      const url = e[remoteUrlEnvName(name)];
      return url ? [[name, url]] : [];
    }),
  );
}

/** Absolute remote URLs' origins (relative ones are the app's own). */
export const originsOf = (urls: string[]) => [
  ...new Set(urls.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin)),
];
