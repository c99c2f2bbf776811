// Telemetry first: it patches http, express, pg and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('social');

import { runServiceMain } from '@vellum/platform-postgres';
import { socialEnv } from './config';
import { createSocialService } from './service';

runServiceMain({
  name: 'social',
  env: socialEnv,
  stopTelemetry,
  build: ({ env, db, logger, wakeOutbox }) =>
    createSocialService({ db, logger, wakeOutbox, config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET } }),
});
