// Telemetry first: it patches http, express, pg and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('action');

import { runServiceMain } from '@vellum/platform-postgres';
import { actionEnv } from './config';
import { createActionService } from './service';

runServiceMain({
  name: 'action',
  env: actionEnv,
  stopTelemetry,
  build: ({ env, db, logger, wakeOutbox }) =>
    createActionService({ db, logger, wakeOutbox, config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET } }),
});
