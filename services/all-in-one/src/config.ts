import path from 'node:path';
import { z } from 'zod';
import { env, metricsEnvShape, sessionLimitsEnvShape, timeoutEnvShape } from '@vellum/platform';
import { remoteEnvShape } from '@vellum/gateway';
import { vellumSettingsShape } from '@vellum/vellum';
import { noDevMailboxInProduction } from '@vellum/identity';
import { linkSettingsShape } from '@vellum/link';

const embeddedEnvShape = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  /** Loopback by default: the dev mailbox and generated secrets are for this machine. `0.0.0.0` opens it. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Prometheus metrics at /metrics on this port of HOST (never the public port). */
  ...metricsEnvShape,
  /** Proxies in front (say, a local TLS terminator) whose X-Forwarded-For/-Proto are believed; empty: none. */
  TRUSTED_PROXIES: env.trustedProxies(),
  ...timeoutEnvShape,
  DATA_DIR: z.string().default('./.data'),
  /** Defaults to http://localhost:$PORT. */
  PUBLIC_URL: env.optional(env.url()),
  /** Generated once and kept under DATA_DIR when not given. */
  SESSION_SECRET: env.optional(env.secret()),
  INTERNAL_AUTH_SECRET: env.optional(env.secret()),
  SMTP_URL: env.optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL')),
  MAIL_FROM: z.string().default('Vellum <no-reply@vellum.local>'),
  /**
   * `on` serves the mail captured without SMTP_URL at /dev/mailbox, to a direct client on this machine only: never
   * through a proxy, even one on this machine. Off unless turned on (`npm start` turns it on while HOST is loopback).
   */
  DEV_MAILBOX: env.switch(),
  /** Comma-separated emails of the admins: an account is an admin once it has verified one of them. */
  ADMIN_EMAILS: env.list(),
  // Admins were once named by username, which anyone could claim by signing up first (issue 17).
  ADMIN_USERNAMES: z
    .string()
    .max(0, 'is no longer read: name the admins by email in ADMIN_EMAILS')
    .optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS: the session time-outs. */
  ...sessionLimitsEnvShape,
  ...vellumSettingsShape,
  ...linkSettingsShape,
  /** The built frontends; defaults to the repository's frontends/. */
  FRONTENDS_DIR: z.string().default(path.resolve(__dirname, '../../../frontends')),
  /** A remote served from elsewhere (say, its own dev server) instead of its build under FRONTENDS_DIR. */
  ...remoteEnvShape,
});

/** The embedded mode's environment: everything has a default, so `npm start` needs none of it. */
export const embeddedEnv = embeddedEnvShape.refine(noDevMailboxInProduction, {
  message: 'is refused with NODE_ENV=production',
  path: ['DEV_MAILBOX'],
});

export type EmbeddedEnv = z.infer<typeof embeddedEnv>;
