import {
  defineService,
  withContextDefaults,
  type ServiceSpec,
  postgresParkedEvents,
  type Db,
  type ServiceDefinition,
} from '@vellum/platform';
import type { LinkContext, LinkPorts } from './context';
import { DEFAULT_CLICK_LIMITS } from './domain/click';
import { cirriProjection } from './events/cirri-projection';
import { linkRoutes } from './http/link-routes';
import { pageRoutes } from './http/page-routes';
import type { LinkRepository } from './store/link-repository';
import { migrations, SCHEMA } from './store/migrations';
import { postgresLinkRepository } from './store/postgres-link-repository';

export type { LinkPorts, LinkConfig } from './context';
export { DEFAULT_CLICK_LIMITS, type ClickLimits } from './domain/click';
export { clickLimitsOf, linkSettingsShape } from './config';
export type { LinkRepository } from './store/link-repository';
export { postgresLinkRepository } from './store/postgres-link-repository';

/** The routes and the projection over a repository: the same for both stores. */
export function linkDefinition(
  ports: LinkPorts,
  pages: LinkRepository,
  store: Pick<ServiceSpec, 'migrations' | 'subscriptions' | 'workers'>,
): ServiceDefinition {
  const limits = { ...DEFAULT_CLICK_LIMITS, ...ports.config.clickLimits };
  const ctx: LinkContext = {
    ...withContextDefaults(ports),
    pages,
    // Built once: memory limiters built twice for one prefix would not share counts.
    redirectLimiter: ports.limiters({
      keyPrefix: 'link-redirect',
      points: limits.redirectsPerMinute,
      durationSeconds: 60,
    }),
    clickLimiter: ports.limiters({
      keyPrefix: 'link-click',
      points: limits.countedClicksPerMinute,
      durationSeconds: 60,
    }),
  };
  return defineService({
    name: 'link',
    schema: SCHEMA,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [linkRoutes(ctx), pageRoutes(ctx)],
    ...store,
  });
}

/**
 * The link service on Postgres (the embedded mode's PGlite, or a real server): schema `link`, its outbox and inbox
 * tables; the composition root migrates it and runs its outbox relay like every other service's.
 */
export function createLinkService(ports: LinkPorts & { db: Db }): ServiceDefinition {
  const pages = postgresLinkRepository(ports.db);
  return linkDefinition(ports, pages, {
    migrations,
    subscriptions: [cirriProjection(pages, postgresParkedEvents(ports.db, SCHEMA).park)],
  });
}
