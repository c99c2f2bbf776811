import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('social');

import { createKafkaBus, createLogger, createPgDb, loadConfig, startServiceProcess } from '@vellum/platform';
import { socialEnv } from './config';
import { createSocialService } from './service';

async function main() {
  const env = loadConfig(socialEnv);
  const logger = createLogger({ service: 'social', level: env.LOG_LEVEL });
  const db = createPgDb({ connectionString: env.DATABASE_URL, applicationName: 'social', logger });
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: 'social', logger });

  await startServiceProcess(
    (wakeOutbox) =>
      createSocialService({
        db,
        logger,
        wakeOutbox,
        config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET },
      }),
    { db, bus, logger, port: env.PORT, closers: [async () => stopTelemetry?.()] },
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`social failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
