import type { RequestHandler } from 'express';
import type { Limiter, LimiterFactory } from '@vellum/platform';
import { rateLimitedCalls, type RateRule } from '../routes';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** Limits sign-in, sign-up, verification and reset calls per client address; over the limit answers 429. */
export function rateLimit(options: {
  limiters: LimiterFactory;
  perMinute: number;
  rules?: readonly RateRule[];
}): RequestHandler {
  const rules = options.rules ?? rateLimitedCalls;
  // One limit per family of calls (both verification calls share theirs), built once at start.
  const limiters = new Map<string, Limiter>();
  for (const { name } of rules) {
    if (!limiters.has(name))
      limiters.set(
        name,
        options.limiters({ keyPrefix: `gateway:${name}`, points: options.perMinute, durationSeconds: 60 }),
      );
  }
  return async (req, res, next) => {
    const rule = rules.find((r) => r.method === req.method && r.pattern.test(req.path));
    if (!rule) return next();
    const decision = await limiters.get(rule.name)!.consume(req.ip ?? 'unknown');
    if (decision.allowed) return next();
    res.set('Retry-After', String(decision.retryAfterSeconds));
    // Every shape the screens read an error from, so each shows the message where it shows its own errors.
    res.status(429).json({
      error: RATE_LIMIT_MESSAGE,
      code: 'rate_limited',
      messages: [RATE_LIMIT_MESSAGE],
      status: 'Error',
      errorMessage: RATE_LIMIT_MESSAGE,
    });
  };
}
