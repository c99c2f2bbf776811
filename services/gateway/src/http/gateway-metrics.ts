import type { Response } from 'express';
import { Counter, Histogram, HTTP_DURATION_BUCKETS, type Registry } from '@vellum/platform';
import type { RouteRule, ServiceName } from '../routes';

/**
 * A rule's route for the metrics' `http_route`: its pattern as a path, each segment that matches any name `:param`
 * (`/api/cirrus/:param/(follow|followers|following)`): one series per rule, never one per id or username.
 */
export function routeLabelOf(rule: Pick<RouteRule, 'pattern'>): string {
  return rule.pattern.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replaceAll('[^/]+', ':param')
    .replace(/\\(.)/g, '$1');
}

export interface GatewayMetrics {
  /**
   * Measures a proxied call from now to its answer's end (`gateway_upstream_request_duration_seconds`), and labels its
   * `http_route` with the rule's path (its label computed once per rule, not per call).
   */
  proxied(rule: Pick<RouteRule, 'pattern' | 'service'>, res: Response): void;
  /** A call the upstream's proxy could not reach (`gateway_upstream_errors_total{error_type="unreachable"}`). */
  unreachable(upstream: ServiceName): void;
  /** A call over its rate limit (`gateway_rate_limit_refusals_total{rule}`). */
  refused(rule: string): void;
}

/** The gateway's own series, beside every process's HTTP and runtime ones. */
export function gatewayMetrics(registry: Registry): GatewayMetrics {
  const duration = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Duration of calls the gateway proxied, by upstream service and status code.',
    labelNames: ['upstream', 'http_response_status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'gateway_upstream_errors_total',
    help: 'Calls the gateway could not get an answer to from their upstream, by upstream and error type.',
    labelNames: ['upstream', 'error_type'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'gateway_rate_limit_refusals_total',
    help: 'Calls refused with 429 by a rate limit of the gateway, by rule.',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const labels = new Map<RegExp, string>();
  return {
    proxied(rule, res) {
      let label = labels.get(rule.pattern);
      if (label === undefined) labels.set(rule.pattern, (label = routeLabelOf(rule)));
      res.locals.metricsRoute = label;
      const started = process.hrtime.bigint();
      res.once('finish', () =>
        duration.observe(
          { upstream: rule.service, http_response_status_code: String(res.statusCode) },
          Number(process.hrtime.bigint() - started) / 1e9,
        ),
      );
    },
    unreachable: (upstream) => errors.inc({ upstream, error_type: 'unreachable' }),
    refused: (rule) => refusals.inc({ rule }),
  };
}
