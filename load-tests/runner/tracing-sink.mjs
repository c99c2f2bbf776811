import { createServer } from 'node:http';

/**
 * Tracing as the chart turns it on (global.otel): OTLP/HTTP to an endpoint, one trace in ten kept
 * (parentbased_traceidratio at 0.1). The endpoint is a sink in this process that reads each export and answers 200,
 * so the processes pay their whole export's cost and nothing is kept. Resolves with the processes' environment.
 */
export async function tracingEnv(log = () => {}) {
  const sink = createServer((req, res) => {
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sink.unref();
  log(`bench: tracing on, spans exported to a sink at 127.0.0.1:${sink.address().port}`);
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  };
}
