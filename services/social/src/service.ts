import { defineService, withOutboxUnitOfWork, type ServiceDefinition } from '@vellum/platform';
import type { SocialContext, SocialPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { directoryProjection } from './events/directory-projection';
import { followRoutes } from './http/follow-routes';
import { peopleRoutes } from './http/people-routes';
import { searchRoutes } from './http/search-routes';

export type { SocialPorts, SocialConfig } from './context';

/** Social without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createSocialService(ports: SocialPorts): ServiceDefinition {
  const ctx: SocialContext = withOutboxUnitOfWork(ports, SCHEMA);
  return defineService({
    name: 'social',
    schema: SCHEMA,
    migrations,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [followRoutes(ctx), peopleRoutes(ctx), searchRoutes(ctx)],
    subscriptions: [directoryProjection(ctx.db)],
  });
}
