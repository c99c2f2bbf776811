import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
} from '@opentelemetry/api';
import { unpackEnvelope } from '@vellum/proto';
import type { BusMessage } from '../events/types';
import { isTracing } from './tracing-state';

/** Turns the hand-made spans on (startTelemetry does); the tests of event spans call it. */
export { tracingStarted as eventTracingStarted } from './tracing-state';

/**
 * An event's trace across the bus. The outbox holds an event long after its request ended and the relay publishes
 * it from a timer, so the request's context is not active there: it travels in the envelope (`traceparent`). The
 * relay's `send` span is a child of that request, and its own context rides in a header of ours (kafkajs's
 * instrumentation writes `traceparent` for its own span, in the relay's context); the consumer's `process` span is
 * a child of the `send` span, linked to the instrumentation's receive span. One trace then runs from the browser's
 * request through the gateway, the service, its outbox, Kafka and every consuming service.
 */
export const EVENT_TRACE_HEADER = 'vellum-traceparent';

const tracer = () => trace.getTracer('@vellum/platform/events');

const contextOf = (traceparent: string | undefined): Context | undefined =>
  traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : undefined;

/** The request that caused the event, from its envelope (none for bytes that are not an envelope). */
function causeOf(message: BusMessage): Context | undefined {
  try {
    return contextOf(unpackEnvelope(message.value).traceparent);
  } catch {
    return undefined;
  }
}

const attributes = (message: BusMessage, operation: 'send' | 'process') => ({
  'messaging.system': 'kafka',
  'messaging.destination.name': message.topic,
  'messaging.message.id': message.id,
  'messaging.operation.type': operation,
  'messaging.operation.name': operation,
});

/**
 * A `send` span per message whose event has a cause, each with the header that carries it to the consumers.
 * `end` closes them all with the send's outcome.
 */
export function sendSpans(messages: readonly BusMessage[]): {
  headers: Array<Record<string, string>>;
  end(error?: unknown): void;
} {
  if (!isTracing()) return { headers: messages.map(() => ({})), end: () => {} };
  const spans = messages.map((message) => {
    const cause = causeOf(message);
    return (
      cause &&
      tracer().startSpan(
        `send ${message.topic}`,
        { kind: SpanKind.PRODUCER, attributes: attributes(message, 'send') },
        cause,
      )
    );
  });
  return {
    headers: spans.map((span): Record<string, string> => {
      const carrier: Record<string, string> = {};
      if (span) propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
      return carrier.traceparent ? { [EVENT_TRACE_HEADER]: carrier.traceparent } : {};
    }),
    end(error) {
      for (const span of spans) {
        if (!span) continue;
        if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
        span.end();
      }
    },
  };
}

/**
 * Runs one delivery of `message` to `group` in a `process` span: a child of its `send` span (the header), else of
 * the request that caused it, linked to the span active now (the instrumentation's receive span).
 */
export async function inProcessSpan<T>(
  group: string,
  message: BusMessage,
  header: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!isTracing()) return run();
  const parent = contextOf(header) ?? causeOf(message);
  if (!parent) return run();
  const receive = trace.getSpanContext(context.active());
  const links: Link[] = receive ? [{ context: receive }] : [];
  const span = tracer().startSpan(
    `process ${message.topic}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { ...attributes(message, 'process'), 'messaging.consumer.group.name': group },
      links,
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), run);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
    throw error;
  } finally {
    span.end();
  }
}
