import { defineService, type ServiceDefinition } from '@vellum/platform';
import type { AnalyticsContext, AnalyticsPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { analyticsProjection } from './events/analytics-projection';
import { adminRoutes } from './http/admin-routes';

export type { AnalyticsPorts, AnalyticsConfig } from './context';

/**
 * Analytics without its transport: main.ts and all-in-one give it ports and mount the router. It publishes nothing
 * (its outbox stays empty, for the relay every service runs); it keeps read models of the other services' events.
 */
export function createAnalyticsService(ports: AnalyticsPorts): ServiceDefinition {
  const ctx: AnalyticsContext = { ...ports, clock: ports.clock ?? (() => new Date()) };
  return defineService({
    name: 'analytics',
    schema: SCHEMA,
    migrations,
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [adminRoutes(ctx)],
    subscriptions: [analyticsProjection(ctx.db)],
    // It only consumes: no relay polls its (empty) outbox.
    publishes: false,
  });
}
