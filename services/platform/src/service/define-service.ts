import { Router, type RequestHandler } from 'express';
import { callerFromAssertion } from '../auth/caller-middleware';
import type { Db, Migration } from '../db/db';
import { inboxMigration } from '../events/inbox';
import { outboxMigration } from '../events/outbox';
import { parkedEventsMigrations } from '../events/parked';
import { outboxUnitOfWork } from '../events/unit-of-work';
import type { ServiceDefinition } from './service-definition';

/** The platform's tables of a Postgres service's events, after its own: the outbox, the inbox, the parked events. */
export function eventTablesMigrations(schema: string): Migration[] {
  return [outboxMigration(schema), inboxMigration(schema), ...parkedEventsMigrations(schema)];
}

export interface ServiceSpec extends Pick<
  ServiceDefinition,
  'name' | 'schema' | 'subscriptions' | 'publishes' | 'workers' | 'bodyLimit' | 'attachServer'
> {
  /** The secret the gateway signs its caller assertions with: every route finds the caller in `req.caller`. */
  internalAuthSecret: string;
  /** Handlers before the caller is read (vellum's API security headers). */
  before?: RequestHandler[];
  /** The service's routers, in the order they are tried. */
  routes: RequestHandler[];
  /**
   * On Postgres, the service's own migrations: the platform's event tables follow them (`eventTablesMigrations`).
   * Absent for a service on MongoDB, which has no schema to migrate.
   */
  migrations?: Migration[];
}

/**
 * The one skeleton of a service (`createService(ports)` returns it): its routes behind the caller's assertion, its
 * migrations followed by the platform's event tables, its subscriptions and workers. The composition roots (embedded
 * and distributed) run what it returns; nothing in it depends on the transport.
 */
export function defineService(spec: ServiceSpec): ServiceDefinition {
  const router = Router();
  for (const handler of spec.before ?? []) router.use(handler);
  router.use(callerFromAssertion(spec.internalAuthSecret));
  for (const routes of spec.routes) router.use(routes);
  return {
    name: spec.name,
    schema: spec.schema,
    migrations: spec.migrations ? [...spec.migrations, ...eventTablesMigrations(spec.schema)] : [],
    router,
    subscriptions: spec.subscriptions,
    ...(spec.publishes === false && { publishes: false }),
    ...(spec.workers && { workers: spec.workers }),
    ...(spec.bodyLimit && { bodyLimit: spec.bodyLimit }),
    ...(spec.attachServer && { attachServer: spec.attachServer }),
  };
}

/** What every service's context adds to its ports when a composition root leaves them out. */
export function withContextDefaults<P extends { clock?: () => Date; wakeOutbox?: () => void }>(
  ports: P,
): P & { clock: () => Date; wakeOutbox: () => void } {
  return { ...ports, clock: ports.clock ?? (() => new Date()), wakeOutbox: ports.wakeOutbox ?? (() => {}) };
}

/**
 * The context of a service whose stores are functions of a transaction (`withContextDefaults`'s, plus its unit of
 * work: `outboxUnitOfWork` over its schema, waking the relay the ports give).
 */
export function withOutboxUnitOfWork<P extends { db: Db; clock?: () => Date; wakeOutbox?: () => void }>(
  ports: P,
  schema: string,
) {
  const defaults = withContextDefaults(ports);
  return {
    ...defaults,
    unitOfWork: outboxUnitOfWork({ db: ports.db, schema, wakeOutbox: defaults.wakeOutbox }),
  };
}
