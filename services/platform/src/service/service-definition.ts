import type { Router } from 'express';
import type { Migration } from '../db/db';
import type { Subscription } from '../events/types';

/** What `createService(ports)` returns: everything a composition root needs to run the service. */
export interface ServiceDefinition {
  name: string;
  /** Postgres schema the service owns; its outbox and inbox live there too. */
  schema: string;
  migrations: Migration[];
  router: Router;
  subscriptions: Subscription[];
  /** Largest JSON body its routes accept (default 100kb); bigger ones get 413. */
  bodyLimit?: string;
}
