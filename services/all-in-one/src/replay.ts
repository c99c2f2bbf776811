import {
  outboxLog,
  replayProjections,
  type Db,
  type Logger,
  type ReplayReport,
  type ServiceDefinition,
} from '@vellum/platform';

/** The service named `name`, or an error naming the services there are. */
export function serviceNamed(services: readonly ServiceDefinition[], name: string): ServiceDefinition {
  const service = services.find((candidate) => candidate.name === name);
  if (service) return service;
  const names = services.map((candidate) => candidate.name).join(', ');
  throw new Error(`No service named "${name.replace(/[^\x20-\x7e]/g, '?')}": one of ${names}`);
}

/**
 * Rebuilds the projections of the service named `name` from the embedded event log (every service schema's
 * published outbox rows). The product must not be running on the same folder (the caller holds its lock).
 */
export async function replayEmbeddedService(
  db: Db,
  services: readonly ServiceDefinition[],
  name: string,
  logger: Logger,
  /** The schemas whose outboxes are the log (default: every service's). */
  logSchemas: readonly string[] = services.map((candidate) => candidate.schema),
): Promise<ReplayReport> {
  const service = serviceNamed(services, name);
  return replayProjections({
    subscriptions: service.subscriptions,
    log: outboxLog(db, logSchemas),
    logger,
  });
}
