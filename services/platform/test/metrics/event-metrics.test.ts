import pino from 'pino';
import { createPgliteDb } from '@vellum/platform-pglite';
import { eventually, metricValue } from '@vellum/platform/test-support';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { inboxMigration } from '../../src/events/inbox';
import { appendOutbox, createOutboxRelay, outboxMigration } from '../../src/events/outbox';
import { parkedEventsMigrations } from '../../src/events/parked';
import type { EventBus } from '../../src/events/types';
import { createMetricsRegistry, eventMetrics, type Registry } from '../../src';
import { message, uniqueName } from '../events/bus.contract';

const silent = pino({ level: 'silent' });

/** The value of one series of this test's process (`service="test"`), or undefined when the scrape has none. */
async function valueOf(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
): Promise<number | undefined> {
  return metricValue(await registry.metrics(), name, { ...labels, service: 'test' });
}

describe('event metrics', () => {
  let db: Db;
  const schema = 'metrics_events';
  beforeAll(async () => {
    db = await createPgliteDb();
    await migrate(db, schema, [
      outboxMigration(schema),
      inboxMigration(schema),
      ...parkedEventsMigrations(schema),
    ]);
  }, 60_000);
  afterAll(() => db.close());

  it("reads the outbox's backlog and its oldest row's age at each scrape, and counts what the relay published or failed to", async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const events = eventMetrics(registry);
    events.watchSchema(db, schema);
    const topic = uniqueName('metrics');
    await db.transaction((tx) =>
      appendOutbox(tx, schema, [
        message(topic, 'a', 'one'),
        message(topic, 'b', 'two'),
        message(topic, 'a', 'three'),
      ]),
    );
    await db.query(`UPDATE ${schema}.outbox SET created_at = now() - interval '90 seconds'`);
    expect(await valueOf(registry, 'outbox_pending_events', { outbox: schema })).toBe(3);
    const age = await valueOf(registry, 'outbox_oldest_pending_age_seconds', { outbox: schema });
    expect(age).toBeGreaterThanOrEqual(90);

    const failing: EventBus = {
      publish: async () => {
        throw new Error('broker away');
      },
      subscribe: async () => undefined,
      ping: async () => false,
      close: async () => undefined,
    };
    const observer = events.relay(schema);
    await expect(
      createOutboxRelay({ db, schema, bus: failing, logger: silent, observer }).flush(),
    ).rejects.toThrow('broker away');
    expect(await valueOf(registry, 'outbox_publish_errors_total', { outbox: schema })).toBe(1);
    expect(await valueOf(registry, 'outbox_pending_events', { outbox: schema })).toBe(3);

    const bus = createInProcessBus({ logger: silent });
    expect(await createOutboxRelay({ db, schema, bus, logger: silent, observer }).flush()).toBe(3);
    expect(await valueOf(registry, 'outbox_events_published_total', { outbox: schema })).toBe(3);
    expect(await valueOf(registry, 'outbox_pending_events', { outbox: schema })).toBe(0);
    expect(await valueOf(registry, 'outbox_oldest_pending_age_seconds', { outbox: schema })).toBe(0);
    await bus.close();
  });

  it('counts events applied and parked by group, reads the lag of each group, the parked rows and the inbox', async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const events = eventMetrics(registry);
    events.watchSchema(db, schema);
    const bus = createInProcessBus({
      logger: silent,
      retry: { initialMs: 1, maxMs: 1, maxAttempts: 2 },
      observer: events.delivery,
    });
    events.watchLag(() => bus.lag());
    const topic = uniqueName('metrics');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await bus.subscribe({
      group: 'readers',
      topics: [topic],
      handler: async (m) => {
        if (new TextDecoder().decode(m.value) === 'poison') throw new Error('cannot apply');
        await held;
      },
    });
    // One partition (one key), so the held first message keeps the other two waiting behind it.
    await bus.publish([
      message(topic, 'k', 'first'),
      message(topic, 'k', 'poison'),
      message(topic, 'k', 'third'),
    ]);
    const readers = { consumer_group: 'readers', topic };
    const lag = () => valueOf(registry, 'events_consumer_lag', readers);
    await eventually(async () => (await lag()) === 3, 10_000, 'a lag of 3');
    release();
    await eventually(async () => (await lag()) === 0, 10_000, 'no lag');
    expect(await valueOf(registry, 'events_applied_total', readers)).toBe(2);
    expect(await valueOf(registry, 'events_parked_total', readers)).toBe(1);
    await bus.close();

    await db.query(
      `INSERT INTO ${schema}.parked_events (event_id, consumer_group, topic, key, type, value, error, attempts)
       VALUES (gen_random_uuid(), 'readers', $1, 'k', 't', '\\x00', 'e', 5),
              (gen_random_uuid(), 'readers', $1, 'k', 't', '\\x00', 'e', 5),
              (gen_random_uuid(), 'writers', $1, 'k', 't', '\\x00', 'e', 5)`,
      [topic],
    );
    await db.query(
      `INSERT INTO ${schema}.inbox (consumer, event_id) VALUES ('readers', gen_random_uuid()), ('readers', gen_random_uuid())`,
    );
    expect(await valueOf(registry, 'events_parked', { consumer_group: 'readers' })).toBe(2);
    expect(await valueOf(registry, 'events_parked', { consumer_group: 'writers' })).toBe(1);
    expect(await valueOf(registry, 'inbox_events', { schema })).toBe(2);
  });

  it('leaves out the series of a store that does not answer, and still scrapes', async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const events = eventMetrics(registry);
    const broken = { query: async () => Promise.reject(new Error('connection refused')) };
    events.watchSchema(broken, 'gone');
    events.watchLag(async () => Promise.reject(new Error('broker away')));
    const text = await registry.metrics();
    expect(text).toContain('# TYPE outbox_pending_events gauge');
    expect(text).not.toContain('outbox="gone"');
    expect(text).not.toMatch(/^events_consumer_lag\{/m);
  });
});
