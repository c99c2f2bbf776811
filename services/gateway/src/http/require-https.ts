import type { RequestHandler } from 'express';
import { errorBody } from '@vellum/platform';

const PROBES = new Set(['/healthz', '/readyz']);

/**
 * With an https PUBLIC_URL, plain-HTTP requests are sent to HTTPS (pages) or refused (API calls): a session cookie is
 * Secure then, so over HTTP a sign-in would answer 200 without one and the person would look signed in while not
 * being. Probes stay reachable over HTTP (the kubelet calls the pod directly). Behind a TLS-terminating ingress, name
 * it in TRUSTED_PROXIES so its `X-Forwarded-Proto: https` is believed.
 */
export function requireHttps(publicUrl: string): RequestHandler {
  const origin = new URL(publicUrl);
  if (origin.protocol !== 'https:') return (_req, _res, next) => next();
  return (req, res, next) => {
    if (req.secure || PROBES.has(req.path)) return next();
    if (req.method === 'GET' || req.method === 'HEAD') {
      // Concatenated, not resolved: `//evil.example/x` must stay a path on our own host.
      res.redirect(308, origin.origin + (req.originalUrl.startsWith('/') ? req.originalUrl : '/'));
      return;
    }
    res
      .status(403)
      .json(errorBody('error', `Vellum is served over HTTPS only: use ${origin.origin}.`, 'https_required'));
  };
}
