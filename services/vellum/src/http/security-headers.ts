import type { RequestHandler } from 'express';

/**
 * Every vellum answer is JSON holding what people wrote: a browser that opens one directly must neither run nor
 * load anything from it (no script, inline or not; no framing), nor guess another type, nor cache a private one.
 */
export const apiSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Content-Security-Policy':
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  next();
};
