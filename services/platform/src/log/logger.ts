import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_INTERVAL_MS = 500;

/**
 * Standard output, written off the request path in batches of 4 KB or at least every half second (and on exit,
 * which pino arranges for an asynchronous destination). Writing each request's line synchronously cost the gateway
 * about a tenth of its CPU under load (issue 14's profiles).
 */
function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Closed at exit: nothing left to write.
    }
  }, FLUSH_INTERVAL_MS).unref();
  return destination;
}

/**
 * The trace and span a line was written in (OpenTelemetry's log fields `trace_id`, `span_id`), so a log line leads to
 * its trace; nothing when tracing is off (no OTEL_EXPORTER_OTLP_ENDPOINT: no span is ever active).
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/** JSON logs; credentials and cookies never reach a log line; each carries its trace (`traceFields`). */
export function createLogger(options: {
  service: string;
  level?: string;
  /** Where the lines go; by default standard output, buffered. */
  destination?: DestinationStream;
}): Logger {
  return pino(
    {
      name: options.service,
      level: options.level ?? 'info',
      base: { service: options.service },
      mixin: traceFields,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-vellum-caller"]',
          'res.headers["set-cookie"]',
          '*.password',
        ],
        censor: '[redacted]',
      },
    },
    options.destination ?? bufferedStdout(),
  );
}
