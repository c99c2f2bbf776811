import { Router } from 'express';
import {
  callerFromAssertion,
  inboxMigration,
  parkedEventsMigrations,
  outboxMigration,
  type ServiceDefinition,
} from '@vellum/platform';
import type { SocialContext, SocialPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { directoryProjection } from './events/directory-projection';
import { followRoutes } from './http/follow-routes';
import { peopleRoutes } from './http/people-routes';
import { searchRoutes } from './http/search-routes';

export type { SocialPorts, SocialConfig } from './context';

/** Social without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createSocialService(ports: SocialPorts): ServiceDefinition {
  const ctx: SocialContext = {
    ...ports,
    clock: ports.clock ?? (() => new Date()),
    wakeOutbox: ports.wakeOutbox ?? (() => {}),
  };
  const router = Router();
  router.use(callerFromAssertion(ports.config.internalAuthSecret));
  router.use(followRoutes(ctx));
  router.use(peopleRoutes(ctx));
  router.use(searchRoutes(ctx));
  return {
    name: 'social',
    schema: SCHEMA,
    migrations: [
      ...migrations,
      outboxMigration(SCHEMA),
      inboxMigration(SCHEMA),
      ...parkedEventsMigrations(SCHEMA),
    ],
    router,
    subscriptions: [directoryProjection(ctx.db)],
  };
}
