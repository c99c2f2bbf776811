import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { isTracing } from './tracing-state';

const tracer = () => trace.getTracer('@vellum/platform/http-client');

export interface ClientSpan {
  /** Ends the call's span with the answer's status, or the error that left it without one. */
  end(statusCode: number | undefined, error?: unknown): void;
}

const NO_SPAN: ClientSpan = { end: () => {} };

/**
 * The span of an HTTP call made without node:http (which the HTTP instrumentation sees by itself): a client span,
 * child of the active one, whose context `headers` carries (`traceparent`) so that the callee's spans join the trace.
 * Nothing at all while tracing is off.
 */
export function httpClientSpan(
  method: string,
  url: URL,
  headers: Record<string, string | string[]>,
): ClientSpan {
  if (!isTracing()) return NO_SPAN;
  const span = tracer().startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'server.address': url.hostname,
      'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      'url.full': url.href,
    },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return {
    end(statusCode, error) {
      if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
      if (error !== undefined || (statusCode ?? 0) >= 400)
        span.setStatus({
          code: SpanStatusCode.ERROR,
          ...(error !== undefined && { message: String(error) }),
        });
      span.end();
    },
  };
}
