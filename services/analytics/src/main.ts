// Telemetry first: it patches http, express, pg and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('analytics');

import { runServiceMain } from '@vellum/platform-postgres';
import { analyticsEnv } from './config';
import { createAnalyticsService } from './service';

runServiceMain({
  name: 'analytics',
  env: analyticsEnv,
  stopTelemetry,
  build: ({ env, db, logger }) =>
    createAnalyticsService({
      db,
      logger,
      config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET, adminEmails: env.ADMIN_EMAILS },
    }),
});
