import { tracingStarted } from './tracing-state';

/**
 * OpenTelemetry for a service process. Import this module FIRST in `main.ts` (before express, pg or kafkajs are
 * loaded) so the instrumentations can patch them. Tracing starts only when OTEL_EXPORTER_OTLP_ENDPOINT is set, so a
 * process without a collector pays nothing at start.
 */
export function startTelemetry(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): (() => Promise<void>) | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded lazily: the SDK is heavy and optional */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { KafkaJsInstrumentation } =
    require('@opentelemetry/instrumentation-kafkajs') as typeof import('@opentelemetry/instrumentation-kafkajs');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)/.test(req.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  tracingStarted();
  return () => sdk.shutdown();
}
