import { context, propagation } from '@opentelemetry/api';

/** The W3C traceparent of the active span ('' without tracing), carried in event envelopes. */
export function currentTraceparent(): string {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? '';
}
