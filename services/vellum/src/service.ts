import { Router } from 'express';
import {
  callerFromAssertion,
  inboxMigration,
  outboxMigration,
  type ServiceDefinition,
} from '@vellum/platform';
import type { VellumContext, VellumPorts } from './context';
import { migrations, SCHEMA } from './store/migrations';
import { apiSecurityHeaders } from './http/security-headers';
import { vellumRoutes } from './http/vellum-routes';
import { scoreRoutes } from './http/score-routes';
import { listRoutes } from './http/list-routes';
import { authorProjection } from './events/author-projection';

export type { VellumPorts, VellumConfig } from './context';
export { vellumSettingsShape } from './config';

/** The vellum service without its transport: main.ts and all-in-one give it ports and mount the router. */
export function createVellumService(ports: VellumPorts): ServiceDefinition {
  const ctx: VellumContext = {
    ...ports,
    clock: ports.clock ?? (() => new Date()),
    wakeOutbox: ports.wakeOutbox ?? (() => {}),
  };
  const router = Router();
  router.use(apiSecurityHeaders);
  router.use(callerFromAssertion(ports.config.internalAuthSecret));
  router.use(vellumRoutes(ctx));
  router.use(scoreRoutes(ctx));
  router.use(listRoutes(ctx));
  return {
    name: 'vellum',
    schema: SCHEMA,
    migrations: [...migrations, outboxMigration(SCHEMA), inboxMigration(SCHEMA)],
    router,
    subscriptions: [authorProjection(ports.db)],
    // A document may be 512 KB of JSON, sent as a JSON string inside the body (escaping adds to it).
    bodyLimit: '2mb',
  };
}
