import type { RequestHandler } from 'express';
import { errorShape, RateLimited, type Limiter, type LimiterFactory } from '@vellum/platform';
import { rateLimitedCalls, type RateRule } from '../routes';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * Limits sign-in, sign-up, verification and reset calls per client address. Over the limit it is `RateLimited`
 * (429 with `Retry-After`) through the one error handler, in the error shape of the route the rule limits, so each
 * screen reads the message where it reads that call's other errors.
 */
export function rateLimit(options: {
  limiters: LimiterFactory;
  perMinute: number;
  rules?: readonly RateRule[];
  /** Told each refusal's rule (the gateway's metrics). */
  onRefused?: (rule: string) => void;
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
    options.onRefused?.(rule.name);
    errorShape(rule.errorShape)(req, res, () =>
      next(new RateLimited(RATE_LIMIT_MESSAGE, decision.retryAfterSeconds)),
    );
  };
}
