// Telemetry first: it patches http, express and kafkajs, so it must start before anything imports them.
import { startTelemetry } from '@vellum/platform/telemetry';

const stopTelemetry = startTelemetry('link');

import { runMongoServiceMain } from '@vellum/platform/mongo';
import { linkEnv } from './config';
import { createMongoLinkService } from './mongo-service';

runMongoServiceMain({
  name: 'link',
  env: linkEnv,
  stopTelemetry,
  build: ({ env, logger, mongo, bus }) =>
    createMongoLinkService({
      database: mongo.database,
      bus,
      logger,
      config: { internalAuthSecret: env.INTERNAL_AUTH_SECRET },
    }),
});
