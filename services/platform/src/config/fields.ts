import { z } from 'zod';
import { isTrustedProxyEntry } from '../http/trusted-proxies';

/** Reusable environment fields; each documents the variable it reads. */
export const env = {
  port: (fallback = 8080) => z.coerce.number().int().min(0).max(65535).default(fallback),
  /** A port, or `off` (undefined): for a server a process may do without. */
  portOrOff: (fallback: number) =>
    z
      .string()
      .default(String(fallback))
      .refine((v) => v === 'off' || (/^\d{1,5}$/.test(v) && Number(v) <= 65535), {
        message: "must be a port number (0 to 65535) or 'off'",
      })
      .transform((v) => (v === 'off' ? undefined : Number(v))),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('development'),
  /** A secret key; 32 characters at least so that HMACs and cookie signatures are not guessable. */
  secret: () => z.string().min(32, 'must be at least 32 characters'),
  url: () => z.url(),
  postgresUrl: () => z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  redisUrl: () => z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  mongoUrl: () => z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  /** Comma-separated host:port list. */
  brokers: () =>
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port[,host:port]')).min(1)),
  /** Comma-separated list, blanks dropped. */
  list: () =>
    z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
  /** Comma-separated addresses or CIDR ranges of the proxies in front (`10.0.0.0/8,loopback`); empty: none. */
  trustedProxies: () =>
    env
      .list()
      .refine(
        (entries) => entries.every(isTrustedProxyEntry),
        'must be IP addresses or CIDR ranges, comma-separated',
      ),
  /** `on` or `off` (the default): a switch that must be turned on by name, never by accident. */
  switch: () =>
    z
      .enum(['on', 'off'], { message: "must be 'on' or 'off'" })
      .default('off')
      .transform((v) => v === 'on'),
  /** Milliseconds, at least 1 s. */
  timeoutMs: (fallback: number) => z.coerce.number().int().min(1000).default(fallback),
  optional: <T extends z.ZodType>(field: T) =>
    z.preprocess((v) => (v === '' ? undefined : v), field.optional()),
};
