import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('vellum');

import { createKafkaBus, createLogger, createPgDb, loadConfig, startServiceProcess } from '@vellum/platform';
import { vellumEnv } from './config';
import { createVellumService } from './service';

async function main() {
  const env = loadConfig(vellumEnv);
  const logger = createLogger({ service: 'vellum', level: env.LOG_LEVEL });
  const db = createPgDb({ connectionString: env.DATABASE_URL, applicationName: 'vellum' });
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: 'vellum', logger });

  await startServiceProcess(
    (wakeOutbox) =>
      createVellumService({
        db,
        logger,
        wakeOutbox,
        config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET, ratingsRequired: env.RATINGS_REQUIRED },
      }),
    { db, bus, logger, port: env.PORT, closers: [async () => stopTelemetry?.()] },
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`vellum failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
