import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/db';
import type { RelayObserver } from '../events/outbox';
import type { DeliveryObserver } from '../events/retry';
import type { ConsumerLag } from '../events/types';

export interface EventMetrics {
  /** The observer of the relay of one outbox (a schema on Postgres, a collection on MongoDB). */
  relay(outbox: string): RelayObserver;
  delivery: DeliveryObserver;
  /** Reads a Postgres schema's event tables at each scrape: outbox backlog, inbox size, parked events by group. */
  watchSchema(db: Queryable, schema: string): void;
  /** Reads the consumer groups' lag at each scrape (Kafka's offsets, or the embedded bus's saved positions). */
  watchLag(read: () => Promise<readonly ConsumerLag[]>): void;
}

/**
 * The events' series, the same in every process: `outbox_*` (backlog, age of the oldest row, published, failed
 * publishes), `events_*` (applied, parked, parked now, consumer lag) and `inbox_events`. The gauges read their
 * stores when scraped, never on the request path; a store that does not answer leaves its series out of that scrape
 * (Prometheus marks them stale) rather than failing the scrape.
 */
export function eventMetrics(registry: Registry): EventMetrics {
  const registers = [registry];
  const published = new Counter({
    name: 'outbox_events_published_total',
    help: 'Events the outbox relay published to the bus, by outbox.',
    labelNames: ['outbox'] as const,
    registers,
  });
  const publishErrors = new Counter({
    name: 'outbox_publish_errors_total',
    help: 'Batches the outbox relay failed to publish (kept, retried with back-off), by outbox.',
    labelNames: ['outbox'] as const,
    registers,
  });
  const applied = new Counter({
    name: 'events_applied_total',
    help: 'Events a consumer group handled (applied, or dropped as already applied), by group and topic.',
    labelNames: ['consumer_group', 'topic'] as const,
    registers,
  });
  const parkedTotal = new Counter({
    name: 'events_parked_total',
    help: 'Events a consumer group parked after its retries ran out, by group and topic.',
    labelNames: ['consumer_group', 'topic'] as const,
    registers,
  });

  const schemas: Array<{ db: Queryable; schema: string }> = [];
  const lagReaders: Array<() => Promise<readonly ConsumerLag[]>> = [];
  /**
   * A gauge read from every watched schema at each scrape: `read` gives its samples in one schema (label value,
   * value); a schema whose store does not answer is left out of that scrape.
   */
  const schemaGauge = (
    name: string,
    help: string,
    label: string,
    read: (db: Queryable, schema: string) => Promise<Array<[string, number]>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers,
      async collect() {
        this.reset();
        const samples = await Promise.all(
          schemas.map(({ db, schema }) => read(db, schema).catch(() => [] as Array<[string, number]>)),
        );
        for (const [value, n] of samples.flat()) this.set({ [label]: value }, n);
      },
    });
  const one = async (db: Queryable, sql: string) =>
    (await db.query<{ n: number | null }>(sql)).rows[0]!.n ?? 0;

  schemaGauge(
    'outbox_pending_events',
    'Outbox rows written and not yet published, by outbox.',
    'outbox',
    async (db, s) => [
      [s, await one(db, `SELECT count(*)::int AS n FROM ${s}.outbox WHERE published_at IS NULL`)],
    ],
  );
  schemaGauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox row not yet published (0 when none), by outbox.',
    'outbox',
    async (db, s) => [
      [
        s,
        Math.max(
          0,
          await one(
            db,
            `SELECT EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS n FROM ${s}.outbox WHERE published_at IS NULL`,
          ),
        ),
      ],
    ],
  );
  schemaGauge(
    'inbox_events',
    "Event ids the consumers of a schema remember having applied (pruned by the inbox's upkeep), by schema.",
    'schema',
    async (db, s) => [[s, await one(db, `SELECT count(*)::int AS n FROM ${s}.inbox`)]],
  );
  schemaGauge(
    'events_parked',
    'Events parked now and not yet replayed or dropped (scripts/parked.mjs), by consumer group.',
    'consumer_group',
    async (db, s) => {
      const { rows } = await db.query<{ consumer_group: string; n: number }>(
        `SELECT consumer_group, count(*)::int AS n FROM ${s}.parked_events GROUP BY consumer_group`,
      );
      return rows.map((row) => [row.consumer_group, row.n]);
    },
  );
  new Gauge({
    name: 'events_consumer_lag',
    help: 'Messages published to a topic and not yet handled by a consumer group.',
    labelNames: ['consumer_group', 'topic'] as const,
    registers,
    async collect() {
      this.reset();
      const read = await Promise.all(lagReaders.map((reader) => reader().catch(() => [])));
      for (const { group, topic, lag } of read.flat()) this.set({ consumer_group: group, topic }, lag);
    },
  });

  return {
    relay: (outbox) => ({
      published: (count) => published.inc({ outbox }, count),
      failed: () => publishErrors.inc({ outbox }),
    }),
    delivery: {
      applied: (group, topic) => applied.inc({ consumer_group: group, topic }),
      parked: (group, topic) => parkedTotal.inc({ consumer_group: group, topic }),
    },
    watchSchema: (db, schema) => {
      schemas.push({ db, schema });
    },
    watchLag: (read) => {
      lagReaders.push(read);
    },
  };
}
