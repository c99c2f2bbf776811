import { defineService, outboxUnitOfWork, type ServiceDefinition } from '@vellum/platform';
import type { VellumContext, VellumPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { apiSecurityHeaders } from './http/security-headers';
import { vellumRoutes } from './http/vellum-routes';
import { scoreRoutes } from './http/score-routes';
import { listRoutes } from './http/list-routes';
import { exportRoutes } from './http/export-routes';
import { historyRoutes } from './http/history-routes';
import { peopleProjection } from './events/people-projection';
import { createPublicListCache } from './http/public-list-cache';

/** How long the showcase and the creators are kept between this replica's own writes. */
const PUBLIC_LIST_TTL_MS = 30_000;

export type { VellumPorts, VellumConfig } from './context';
export { vellumSettingsShape } from './config';

/** The vellum service without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createVellumService(ports: VellumPorts): ServiceDefinition {
  const publicLists = createPublicListCache(PUBLIC_LIST_TTL_MS);
  const wakeRelay = ports.wakeOutbox ?? (() => {});
  // Every write commits its events and then its unit wakes the relay: the one place that knows a list may have changed.
  const wakeOutbox = () => {
    publicLists.clear();
    wakeRelay();
  };
  const ctx: VellumContext = {
    ...ports,
    clock: ports.clock ?? (() => new Date()),
    wakeOutbox,
    unitOfWork: outboxUnitOfWork({ db: ports.db, schema: SCHEMA, wakeOutbox }),
    clearPublicLists: () => publicLists.clear(),
  };
  return defineService({
    name: 'vellum',
    schema: SCHEMA,
    migrations,
    before: [apiSecurityHeaders],
    internalAuthSecret: ports.config.internalAuthSecret,
    routes: [
      vellumRoutes(ctx),
      scoreRoutes(ctx),
      listRoutes(ctx, publicLists),
      exportRoutes(ctx),
      historyRoutes(ctx),
    ],
    subscriptions: [peopleProjection(ports.db, () => publicLists.clear())],
    // A document may be 512 KB of JSON, sent as a JSON string inside the body (escaping adds to it).
    bodyLimit: '2mb',
  });
}
