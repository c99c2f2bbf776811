import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * OpenTelemetry's advice for `http.server.request.duration` (seconds), which the SLOs' latency objectives
 * (250 ms, 500 ms) fall on.
 */
export const HTTP_DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** The methods named as themselves; any other is `_OTHER` (OpenTelemetry's rule: a client cannot mint series). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route of a request no route answered (a 404, or a refusal before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template that answered: `/api/vellum/:id`, never `/api/vellum/0b5c…`. Read once the answer is sent,
 * from the route express matched (`req.route`, under its router's mount path), else what the app set in
 * `res.locals.metricsRoute` (the gateway's rule for a proxied path), else UNMATCHED_ROUTE.
 */
export function routeTemplateOf(req: Request, res: Response): string {
  const set = res.locals.metricsRoute as unknown;
  if (typeof set === 'string') return set;
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return UNMATCHED_ROUTE;
}

export interface HttpMetricsOptions {
  /** Paths not measured: the probes, which the kubelet calls every few seconds and no user waits on. */
  skipPaths?: readonly string[];
}

/**
 * The HTTP server's series, OpenTelemetry's semantic conventions in Prometheus' form:
 * `http_server_request_duration_seconds{http_request_method, http_route, http_response_status_code}` and
 * `http_server_active_requests{http_request_method}`. Mount it first, so every answer is counted, refusals too.
 */
export function httpMetrics(registry: Registry, options: HttpMetricsOptions = {}): RequestHandler {
  const skip = new Set(options.skipPaths ?? ['/healthz', '/readyz']);
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, by method, route template and status code.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  const active = new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP server requests in flight.',
    labelNames: ['http_request_method'] as const,
    registers: [registry],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (skip.has(req.path)) {
      next();
      return;
    }
    const method = KNOWN_METHODS.has(req.method) ? req.method : '_OTHER';
    const started = process.hrtime.bigint();
    active.inc({ http_request_method: method });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      active.dec({ http_request_method: method });
      duration.observe(
        {
          http_request_method: method,
          http_route: routeTemplateOf(req, res),
          // A request whose client went away before an answer: no status was sent (OpenTelemetry leaves it out).
          http_response_status_code: res.headersSent ? String(res.statusCode) : '',
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}
