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

/** JSON logs; credentials and cookies never reach a log line. */
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
