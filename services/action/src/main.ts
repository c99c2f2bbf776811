import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('action');

import { createKafkaBus, createLogger, createPgDb, loadConfig, startServiceProcess } from '@vellum/platform';
import { actionEnv } from './config';
import { createActionService } from './service';

async function main() {
  const env = loadConfig(actionEnv);
  const logger = createLogger({ service: 'action', level: env.LOG_LEVEL });
  const db = createPgDb({ connectionString: env.DATABASE_URL, applicationName: 'action', logger });
  const bus = createKafkaBus({ brokers: env.KAFKA_BROKERS, clientId: 'action', logger });

  await startServiceProcess(
    (wakeOutbox) =>
      createActionService({
        db,
        logger,
        wakeOutbox,
        config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET },
      }),
    { db, bus, logger, port: env.PORT, closers: [async () => stopTelemetry?.()] },
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`action failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
