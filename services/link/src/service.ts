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
import type { LinkStore } from './store/link-repository';
import { migrations, SCHEMA } from './store/migrations';
import { postgresLinkStore } from './store/postgres-link-repository';

export type { LinkPorts, LinkConfig } from './context';
export { DEFAULT_CLICK_LIMITS, type ClickLimits } from './domain/click';
export { clickLimitsOf, linkSettingsShape } from './config';
export type { LinkRepository, LinkStore, LinkUnit, LinkWrites } from './store/link-repository';
export { postgresLinkRepository, postgresLinkStore } from './store/postgres-link-repository';

/** The routes and the projection over a store: the same for both kinds. */
export function linkDefinition(
  ports: LinkPorts,
  { pages, unitOfWork }: LinkStore,
  store: Pick<ServiceSpec, 'migrations' | 'subscriptions' | 'workers'>,
): ServiceDefinition {
  const limits = { ...DEFAULT_CLICK_LIMITS, ...ports.config.clickLimits };
  const ctx: LinkContext = {
    ...withContextDefaults(ports),
    pages,
    unitOfWork,
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
  const ctx = withContextDefaults(ports);
  const store = postgresLinkStore(ports.db, ctx.wakeOutbox);
  return linkDefinition(ctx, store, {
    migrations,
    subscriptions: [cirriProjection(store.pages, postgresParkedEvents(ports.db, SCHEMA).park)],
  });
}
