import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createInProcessBus, createMetricsRegistry, type BusMessage, type EventBus } from '../../src';
import {
  connectMongo,
  createOutboxIndex,
  mongoServiceEvents,
  pendingEventFields,
  type Document,
  type MongoConnection,
} from '@vellum/platform-mongo';
import { describeWithServer, metricValue } from '../../test-support';

const logger = pino({ level: 'silent' });
const message = (key: string): BusMessage => ({
  id: randomUUID(),
  topic: 'test.mongo-metrics.v1',
  key,
  type: 'test.Event',
  value: new Uint8Array([1, 2, 3]),
});

// Issue 26: a service on MongoDB (link, messaging) shows the same outbox and parked series as a Postgres schema.
describeWithServer('MONGO_URL', 'the event metrics of a service on MongoDB', (url) => {
  let mongo: MongoConnection;
  beforeAll(async () => {
    mongo = await connectMongo({
      url,
      appName: 'metrics-test',
      defaultDatabase: `metrics_${randomUUID().slice(0, 8)}`,
    });
  });
  afterAll(async () => {
    await mongo.database.dropDatabase();
    await mongo.close();
  });

  it("reads the documents' pending events, the oldest one's age and the parked events; counts what the relay published or failed to", async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const value = async (name: string, labels: Record<string, string>) =>
      metricValue(await registry.metrics(), name, { ...labels, service: 'test' });
    const docs = mongo.database.collection<Document>(`docs_${randomUUID().slice(0, 8)}`);
    await createOutboxIndex(docs);
    let failing = true;
    const inner = createInProcessBus({ logger });
    const bus: EventBus = {
      ...inner,
      publish: async (messages) => {
        if (failing) throw new Error('the bus is away');
        return inner.publish(messages);
      },
    };
    const events = await mongoServiceEvents({
      name: 'svc',
      database: mongo.database,
      bus,
      logger,
      outbox: [docs],
      metrics: registry,
    });

    expect(await value('outbox_pending_events', { outbox: 'svc' })).toBe(0);
    expect(await value('outbox_oldest_pending_age_seconds', { outbox: 'svc' })).toBe(0);
    const longAgo = new Date(Date.now() - 90_000);
    await docs.insertMany([
      { _id: randomUUID(), ...pendingEventFields([message('a'), message('a')], longAgo) } as Document,
      { _id: randomUUID(), ...pendingEventFields([message('b')], new Date()) } as Document,
      { _id: randomUUID(), plain: true } as Document,
    ]);
    expect(await value('outbox_pending_events', { outbox: 'svc' })).toBe(3);
    expect(await value('outbox_oldest_pending_age_seconds', { outbox: 'svc' })).toBeGreaterThanOrEqual(89);

    await expect(events.relay.flush()).rejects.toThrow('the bus is away');
    expect(await value('outbox_publish_errors_total', { outbox: 'svc' })).toBe(1);
    failing = false;
    expect(await events.relay.flush()).toBe(3);
    expect(await value('outbox_events_published_total', { outbox: 'svc' })).toBe(3);
    expect(await value('outbox_pending_events', { outbox: 'svc' })).toBe(0);

    await events.park({
      group: 'svc-projection',
      message: message('c'),
      error: new Error('no'),
      attempts: 5,
    });
    await events.park({
      group: 'svc-projection',
      message: message('d'),
      error: new Error('no'),
      attempts: 5,
    });
    expect(await value('events_parked', { consumer_group: 'svc-projection' })).toBe(2);
    await inner.close();
  }, 60_000);
});
