import type { Logger } from 'pino';
import type { Db } from '../db/db';
import { checkedSchema } from '../db/schema-name';
import type { ServiceWorker } from '../service/service-definition';
import { defaultInboxRetentionMs, pruneInbox } from './inbox';
import { pollingLoop } from './polling-loop';

export interface InboxUpkeepOptions {
  db: Db;
  /** The consuming service's schema, where its inbox is. */
  schema: string;
  logger: Logger;
  /** Rows are pruned past this (default `defaultInboxRetentionMs`, 14 days: see there). */
  retentionMs?: number;
  /** How often (default 1 minute). */
  intervalMs?: number;
}

export interface InboxUpkeep extends ServiceWorker {
  /** Deletes the schema's inbox rows past the retention, in small batches; how many (0 without an inbox). */
  prune(): Promise<number>;
}

/**
 * The upkeep of a consuming service's inbox, a worker of its own beside the outbox relay (a service that only
 * consumes needs no outbox for it): every `intervalMs` its rows past the retention go (`pruneInbox`). The composition
 * roots run one per Postgres service; a schema without an inbox (a service that only produces) prunes nothing.
 */
export function inboxUpkeep(options: InboxUpkeepOptions): InboxUpkeep {
  const { db, logger } = options;
  const s = checkedSchema(options.schema);
  const retentionMs = options.retentionMs ?? defaultInboxRetentionMs;
  const intervalMs = options.intervalMs ?? 60_000;

  // Once found, the inbox stays (migrations are forward-only).
  let hasInbox = false;
  const prune = async (): Promise<number> => {
    if (!hasInbox) {
      const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
        `${s}.inbox`,
      ]);
      hasInbox = rows[0]?.present === true;
      if (!hasInbox) return 0;
    }
    return pruneInbox(db, s, { retentionMs });
  };

  const loop = pollingLoop(async () => {
    try {
      const pruned = await prune();
      if (pruned > 0) logger.debug({ schema: s, pruned }, 'old inbox rows deleted');
    } catch (error) {
      logger.warn({ err: error, schema: s }, 'inbox upkeep failed');
    }
    return { delayMs: intervalMs, wakeable: false };
  });
  return { name: `inbox-upkeep:${s}`, start: loop.start, stop: loop.stop, prune };
}
