import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/db';
import type { RelayObserver } from '../events/outbox';
import type { DeliveryObserver } from '../events/retry';
import type { ConsumerLag } from '../events/types';
import { checkedSchema } from '../db/schema-name';

/** An outbox's backlog: the events waiting to be published, and how long the oldest has waited. */
export interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

/** What the event gauges read from one service's store at each scrape. */
export interface EventStoreReader {
  /** The `outbox` label (and `schema` for the inbox): the schema on Postgres, the service on MongoDB. */
  name: string;
  backlog(): Promise<OutboxBacklog>;
  /** The inbox's size, where the store has one table of applied event ids (Postgres). */
  inboxSize?(): Promise<number>;
  /** Events parked now, by consumer group. */
  parked(): Promise<Array<[group: string, count: number]>>;
}

export interface EventMetrics {
  /** The observer of the relay of one outbox (a schema on Postgres, a collection on MongoDB). */
  relay(outbox: string): RelayObserver;
  delivery: DeliveryObserver;
  /** Reads a Postgres schema's event tables at each scrape: outbox backlog, inbox size, parked events by group. */
  watchSchema(db: Queryable, schema: string): void;
  /** Reads another store's outbox and parked events at each scrape (a MongoDB service's collections). */
  watchStore(store: EventStoreReader): void;
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
  let metrics = ofRegistry.get(registry);
  if (!metrics) ofRegistry.set(registry, (metrics = createEventMetrics(registry)));
  return metrics;
}

/** One set of event series per registry: the composition root and a MongoDB service's events share it. */
const ofRegistry = new WeakMap<Registry, EventMetrics>();

function createEventMetrics(registry: Registry): EventMetrics {
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

  const stores: EventStoreReader[] = [];
  const lagReaders: Array<() => Promise<readonly ConsumerLag[]>> = [];
  /**
   * A gauge read from every watched store at each scrape: `read` gives its samples in one store (label value,
   * value); a store that does not answer is left out of that scrape.
   */
  const storeGauge = (
    name: string,
    help: string,
    label: string,
    read: (store: EventStoreReader) => Promise<Array<[string, number]>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers,
      async collect() {
        this.reset();
        const samples = await Promise.all(
          stores.map((store) => read(store).catch(() => [] as Array<[string, number]>)),
        );
        for (const [value, n] of samples.flat()) this.set({ [label]: value }, n);
      },
    });

  storeGauge(
    'outbox_pending_events',
    'Outbox events written and not yet published, by outbox.',
    'outbox',
    async (store) => [[store.name, (await store.backlog()).pending]],
  );
  storeGauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox event not yet published (0 when none), by outbox.',
    'outbox',
    async (store) => [[store.name, Math.max(0, (await store.backlog()).oldestAgeSeconds)]],
  );
  storeGauge(
    'inbox_events',
    "Event ids the consumers of a schema remember having applied (pruned by the inbox's upkeep), by schema.",
    'schema',
    async (store) => (store.inboxSize ? [[store.name, await store.inboxSize()]] : []),
  );
  storeGauge(
    'events_parked',
    'Events parked now and not yet replayed or dropped (scripts/parked.mjs), by consumer group.',
    'consumer_group',
    (store) => store.parked(),
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
      stores.push(readOnceAtATime(postgresEventTables(db, schema)));
    },
    watchStore: (store) => {
      stores.push(readOnceAtATime(store));
    },
    watchLag: (read) => {
      lagReaders.push(read);
    },
  };
}

/**
 * The store with one backlog read in flight at a time: a scrape collects the two outbox gauges together
 * (prom-client collects every metric at once), and both take their value from the same read.
 */
function readOnceAtATime(store: EventStoreReader): EventStoreReader {
  let reading: Promise<OutboxBacklog> | undefined;
  return {
    ...store,
    backlog: () =>
      (reading ??= store.backlog().finally(() => {
        reading = undefined;
      })),
  };
}

/** A Postgres schema's event tables as the gauges read them: `outbox`, `inbox`, `parked_events`. */
function postgresEventTables(db: Queryable, schema: string): EventStoreReader {
  const s = checkedSchema(schema);
  const one = async (sql: string) => (await db.query<{ n: number | null }>(sql)).rows[0]!.n ?? 0;
  return {
    name: schema,
    backlog: async () => {
      const { rows } = await db.query<{ pending: number; oldest_age: number | null }>(
        `SELECT count(*)::int AS pending, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest_age
           FROM ${s}.outbox WHERE published_at IS NULL`,
      );
      return { pending: rows[0]!.pending, oldestAgeSeconds: rows[0]!.oldest_age ?? 0 };
    },
    inboxSize: () => one(`SELECT count(*)::int AS n FROM ${s}.inbox`),
    parked: async () => {
      const { rows } = await db.query<{ consumer_group: string; n: number }>(
        `SELECT consumer_group, count(*)::int AS n FROM ${s}.parked_events GROUP BY consumer_group`,
      );
      return rows.map((row) => [row.consumer_group, row.n]);
    },
  };
}
