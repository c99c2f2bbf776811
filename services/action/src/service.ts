import { Router } from 'express';
import {
  callerFromAssertion,
  inboxMigration,
  parkedEventsMigrations,
  outboxMigration,
  type ServiceDefinition,
} from '@vellum/platform';
import type { ActionContext, ActionPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { actionRoutes } from './http/action-routes';
import { requestRoutes } from './http/request-routes';
import { listRoutes } from './http/list-routes';
import { peopleProjection } from './events/people-projection';

export type { ActionPorts, ActionConfig } from './context';

/** The action service without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createActionService(ports: ActionPorts): ServiceDefinition {
  const ctx: ActionContext = {
    ...ports,
    clock: ports.clock ?? (() => new Date()),
    wakeOutbox: ports.wakeOutbox ?? (() => {}),
  };
  const router = Router();
  router.use(callerFromAssertion(ports.config.internalAuthSecret));
  router.use(requestRoutes(ctx));
  router.use(actionRoutes(ctx));
  router.use(listRoutes(ctx));
  return {
    name: 'action',
    schema: SCHEMA,
    migrations: [
      ...migrations,
      outboxMigration(SCHEMA),
      inboxMigration(SCHEMA),
      ...parkedEventsMigrations(SCHEMA),
    ],
    router,
    subscriptions: [peopleProjection(ports.db)],
  };
}
