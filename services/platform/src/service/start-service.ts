import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import type { EventBus } from '../events/types';
import { inboxUpkeep } from '../events/inbox-upkeep';
import { createOutboxRelay } from '../events/outbox';
import { createHttpApp } from '../http/create-app';
import { healthRouter, type ReadinessCheck } from '../http/health';
import { exitOnSignals, serve, type RunningServer } from '../http/serve';
import { httpMetrics } from '../metrics/http-metrics';
import { serveMetrics } from '../metrics/metrics-server';
import type { EventMetrics } from '../metrics/event-metrics';
import type { Registry } from '../metrics/registry';
import type { StoreMetrics } from '../metrics/store-metrics';
import { mountService } from './service-app';
import type { ServiceDefinition } from './service-definition';

export interface ServiceProcess {
  /** The service's Postgres: migrated, relayed from and checked. None for a service on another store (link on
   * MongoDB), which brings its own relay as a worker and its own readiness check. */
  db?: Db;
  bus: EventBus;
  logger: Logger;
  port: number;
  checks?: Record<string, ReadinessCheck>;
  closers?: Array<() => Promise<void>>;
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** The fault drills' handle (`faultPointsRouter`, FAULT_POINTS=on), before the service's routes. */
  faultPoints?: Router;
  /**
   * The process's metrics (`createMetricsRegistry`), served on `port` (METRICS_PORT) at /metrics; every request to
   * the public port is measured. None: nothing is measured or served (tests in one process).
   */
  metrics?: { registry: Registry; port: number; events?: EventMetrics; stores?: StoreMetrics };
  /** Exit on SIGTERM/SIGINT after draining (true for a real process, false in tests). */
  handleSignals?: boolean;
}

/**
 * Distributed mode for one service: migrate, start the outbox relay and the consumers, serve HTTP with health
 * probes, and drain on SIGTERM. `define` receives the relay's wake-up so writes publish without waiting for a poll.
 */
export async function startServiceProcess(
  define: (wakeOutbox: () => void) => ServiceDefinition,
  proc: ServiceProcess,
): Promise<RunningServer> {
  let wake = () => {};
  const service = define(() => wake());
  const { db } = proc;
  if (!db && service.migrations.length > 0) throw new Error(`${service.name} has migrations but no database`);
  if (db) await migrate(db, service.schema, service.migrations);
  const relay =
    db && service.publishes !== false
      ? createOutboxRelay({
          db,
          schema: service.schema,
          bus: proc.bus,
          logger: proc.logger,
          observer: proc.metrics?.events?.relay(service.schema),
        })
      : undefined;
  if (db) proc.metrics?.events?.watchSchema(db, service.schema);
  const connections = db?.connections?.bind(db);
  if (connections) proc.metrics?.stores?.watchPool(service.schema, connections);
  if (relay) {
    wake = () => relay.wake();
    relay.start();
  }
  for (const subscription of service.subscriptions) await proc.bus.subscribe(subscription);
  // The inbox's upkeep is the platform's worker, before the service's own.
  const workers = [
    ...(db ? [inboxUpkeep({ db, schema: service.schema, logger: proc.logger })] : []),
    ...(service.workers ?? []),
  ];
  for (const worker of workers) worker.start();

  const drain = { draining: false };
  // Browsers reach a service only through the gateway, which sets their security headers on every answer.
  const app = createHttpApp({ logger: proc.logger, bodyLimit: service.bodyLimit, browserHeaders: false });
  if (proc.metrics) app.use(httpMetrics(proc.metrics.registry));
  const metricsServer = proc.metrics
    ? await serveMetrics(proc.metrics.registry, { port: proc.metrics.port, logger: proc.logger })
    : undefined;
  app.use(
    healthRouter(
      { ...(db && { database: () => db.ping() }), bus: () => proc.bus.ping(), ...proc.checks },
      () => drain.draining,
    ),
  );
  if (proc.faultPoints) app.use(proc.faultPoints);
  mountService(app, service, proc.logger);
  const running = await serve(
    app,
    {
      port: proc.port,
      logger: proc.logger,
      requestTimeoutMs: proc.requestTimeoutMs,
      headersTimeoutMs: proc.headersTimeoutMs,
      closers: [
        // Last of all (closers run last to first): a scrape during the drain still sees it.
        async () => metricsServer?.close(),
        async () => db?.close(),
        () => proc.bus.close(),
        async () => relay?.stop(),
        ...(proc.closers ?? []),
        // Closers run last to first: the workers stop before the service's own connections (a mailer, Redis) close.
        ...workers.map((worker) => () => worker.stop()),
      ],
    },
    drain,
  );
  service.attachServer?.(running.server);
  proc.logger.info({ port: running.port, service: service.name }, `listening on ${running.url}`);
  if (proc.handleSignals ?? true) exitOnSignals(running, proc.logger);
  return running;
}
