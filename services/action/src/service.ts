import { defineService, withOutboxUnitOfWork, type ServiceDefinition } from '@vellum/platform';
import type { ActionContext, ActionPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { actionRoutes } from './http/action-routes';
import { requestRoutes } from './http/request-routes';
import { listRoutes } from './http/list-routes';
import { peopleProjection } from './events/people-projection';

export type { ActionPorts, ActionConfig } from './context';

/** The action service without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createActionService(ports: ActionPorts): ServiceDefinition {
  const ctx: ActionContext = withOutboxUnitOfWork(ports, SCHEMA);
  return defineService({
    name: 'action',
    schema: SCHEMA,
    migrations,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [requestRoutes(ctx), actionRoutes(ctx), listRoutes(ctx)],
    subscriptions: [peopleProjection(ports.db)],
  });
}
