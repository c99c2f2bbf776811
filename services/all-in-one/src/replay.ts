import {
  outboxLog,
  replayProjections,
  type Db,
  type Logger,
  type ReplayReport,
  type ServiceDefinition,
} from '@vellum/platform';

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
  const service = services.find((candidate) => candidate.name === name);
  if (!service) {
    const names = services.map((candidate) => candidate.name).join(', ');
    throw new Error(`No service named "${name.replace(/[^\x20-\x7e]/g, '?')}": one of ${names}`);
  }
  return replayProjections({
    subscriptions: service.subscriptions,
    log: outboxLog(db, logSchemas),
    logger,
  });
}
