// Telemetry first: it patches http, express, pg and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('vellum');

import { runServiceMain } from '@vellum/platform-postgres';
import { vellumEnv } from './config';
import { createVellumService } from './service';

runServiceMain({
  name: 'vellum',
  env: vellumEnv,
  stopTelemetry,
  build: ({ env, db, logger, wakeOutbox }) =>
    createVellumService({
      db,
      logger,
      wakeOutbox,
      config: {
        internalAuthSecret: env.INTERNAL_AUTH_SECRET,
        ratingsRequired: env.RATINGS_REQUIRED,
        versionCoalesceMinutes: env.VERSION_COALESCE_MINUTES,
      },
    }),
});
