import type { RequestHandler } from 'express';
import { errorBody } from '@vellum/platform';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site. Browsers always send `Origin` on such requests; it must be
 * the app's public origin or the origin the request was addressed to. Clients without `Origin` (curl, services)
 * pass: cookies are SameSite=Lax, so a cross-site page cannot ride on them anyway.
 */
export function sameOrigin(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const own = `${req.protocol}://${req.get('host')}`;
    const crossSite =
      fetchSite === 'cross-site' || (origin !== undefined && origin !== allowed && origin !== own);
    if (!crossSite) return next();
    res
      .status(403)
      .json(errorBody('error', 'This request came from another site and was refused.', 'forbidden'));
  };
}
