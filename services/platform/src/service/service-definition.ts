import type { Server } from 'node:http';
import type { Router } from 'express';
import type { Migration } from '../db/db';
import type { Subscription } from '../events/types';
import type { ReadinessCheck } from '../http/health';

/**
 * A background loop a service runs beside its routes (identity's mail relay, say). The composition root starts it
 * once the service's migrations have run and stops it while draining, after the HTTP server has closed.
 */
export interface ServiceWorker {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

/** What `createService(ports)` returns: everything a composition root needs to run the service. */
export interface ServiceDefinition {
  name: string;
  /** Postgres schema the service owns; its outbox and inbox live there too. */
  schema: string;
  migrations: Migration[];
  router: Router;
  subscriptions: Subscription[];
  /**
   * False for a service that only consumes (analytics): the composition roots run no outbox relay for it. Its
   * schema may still hold an empty outbox table from the migration every service once got.
   */
  publishes?: boolean;
  workers?: ServiceWorker[];
  /** Largest JSON body its routes accept (default 100kb); bigger ones get 413. */
  bodyLimit?: string;
  /**
   * Called once with the HTTP server the service is reached through, once it listens: a service that serves more
   * than express routes (messaging's socket.io upgrades) attaches there.
   */
  attachServer?: (server: Server) => void;
}

/** A service that connects more than Postgres and Kafka (identity: Redis, a mailer) says how to check and close it. */
export interface ServiceWithConnections {
  service: ServiceDefinition;
  checks?: Record<string, ReadinessCheck>;
  closers?: Array<() => Promise<void>>;
}
