import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createInProcessBus, type BusMessage, type EventBus } from '../../src';
import {
  APPLIED_EVENTS_KEPT,
  applyOnce,
  connectMongo,
  createMongoOutboxRelay,
  createOutboxIndex,
  databaseOf,
  pendingMessages,
  withPendingEvents,
  type Document,
  type MongoConnection,
  type OutboxFields,
} from '@vellum/platform-mongo';
import { describeWithServer, eventually } from '../../test-support';

const logger = pino({ level: 'silent' });
const message = (key: string, n: number): BusMessage => ({
  id: randomUUID(),
  topic: 'test.mongo.v1',
  key,
  type: 'test.Event',
  value: new Uint8Array([n, 1, 2]),
});

describe('MongoDB URLs', () => {
  it('name the database in their path, if at all', () => {
    expect(databaseOf('mongodb://127.0.0.1:57017/')).toBeUndefined();
    expect(databaseOf('mongodb://h:1')).toBeUndefined();
    expect(databaseOf('mongodb://u:p@h1:1,h2:2/link?replicaSet=rs0')).toBe('link');
    expect(databaseOf('mongodb+srv://cluster.example.com/vellum%2Dlink')).toBe('vellum-link');
  });
});

describeWithServer('MONGO_URL', 'the MongoDB adapter (FerretDB in the tests)', (url) => {
  let mongo: MongoConnection;
  let name: string;
  beforeAll(async () => {
    name = `platform_${randomUUID().slice(0, 8)}`;
    mongo = await connectMongo({ url, appName: 'platform-test', defaultDatabase: name });
  });
  afterAll(async () => {
    await mongo.database.dropDatabase();
    await mongo.close();
  });

  it('answers the readiness check, and says false once closed', async () => {
    expect(mongo.database.databaseName).toBe(name);
    expect(await mongo.ping()).toBe(true);
    const other = await connectMongo({ url, appName: 'closing' });
    await other.close();
    expect(await other.ping()).toBe(false);
  });

  it('applies an event to a document once, keeping the newest ids only', async () => {
    const docs = mongo.database.collection<Document & { _id: string; n?: number }>('projected');
    const first = randomUUID();
    expect(await applyOnce(docs, 'a', first, { $set: { n: 1 } }, { upsert: true })).toBe(true);
    expect(await applyOnce(docs, 'a', first, { $set: { n: 2 } }, { upsert: true })).toBe(false);
    expect(await applyOnce(docs, 'missing', randomUUID(), { $set: { n: 3 } })).toBe(false);
    expect((await docs.findOne({ _id: 'a' }))?.n).toBe(1);
    for (let i = 0; i < APPLIED_EVENTS_KEPT + 5; i++)
      await applyOnce(docs, 'a', randomUUID(), { $inc: { n: 0 } });
    const kept = (await docs.findOne({ _id: 'a' }))?.appliedEvents as string[];
    expect(kept).toHaveLength(APPLIED_EVENTS_KEPT);
    expect(kept).not.toContain(first);
  });

  it('relays events a document carries: in order, removed once published, one relay at a time', async () => {
    const docs = mongo.database.collection<Document>('outboxed');
    await createOutboxIndex(docs);
    const locks = mongo.database.collection<Document>('outbox_locks');
    const bus = createInProcessBus({ logger });
    const seen: BusMessage[] = [];
    await bus.subscribe({ group: 'g', topics: ['test.mongo.v1'], handler: async (m) => void seen.push(m) });
    const relay = () => createMongoOutboxRelay({ collections: [docs], locks, bus, logger, lockName: 'test' });

    const [m1, m2, m3] = [message('k', 1), message('k', 2), message('k', 3)];
    await docs.insertOne({ _id: 'k', n: 0 } as Document);
    await docs.updateOne(
      { _id: 'k' } as Document,
      withPendingEvents<Document>({ $set: { n: 1 } }, [m1, m2], new Date()),
    );
    expect(pendingMessages((await docs.findOne({ _id: 'k' } as Document)) as OutboxFields)).toEqual([m1, m2]);

    // Another relay has the turn: nothing is published until its lease ends.
    await locks.insertOne({ _id: 'test', holder: 'other', until: new Date(Date.now() + 60_000) } as Document);
    expect(await relay().flush()).toBe(0);
    await locks.updateOne({ _id: 'test' } as Document, { $set: { until: new Date(Date.now() - 1) } });

    expect(await relay().flush()).toBe(2);
    await docs.updateOne(
      { _id: 'k' } as Document,
      withPendingEvents<Document>({ $set: { n: 2 } }, [m3], new Date()),
    );
    const running = relay();
    running.start();
    running.wake();
    await eventually(() => (seen.length === 3 ? true : undefined));
    await running.stop();
    expect(seen.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    expect(seen[0]!.value).toEqual(m1.value);
    const after = await docs.findOne({ _id: 'k' } as Document);
    expect([after?.n, after?.pendingEvents, after?.pendingSince]).toEqual([2, [], undefined]);
    expect(await locks.countDocuments({})).toBe(0);
    await bus.close();
  });

  it("keeps its turn through a round longer than its lease, and takes over a dead relay's after its lease", async () => {
    const docs = mongo.database.collection<Document>('leased');
    await createOutboxIndex(docs);
    const locks = mongo.database.collection<Document>('outbox_locks');
    // Long enough that a renewal (every third of it) is never late on a busy machine.
    const leaseMs = 3000;
    const published: string[] = [];
    const slowBus = {
      ...createInProcessBus({ logger }),
      publish: async (messages: readonly BusMessage[]) => {
        await new Promise((resolve) => setTimeout(resolve, leaseMs * 3));
        published.push(...messages.map((m) => m.id));
      },
    };
    const fastBus = {
      ...createInProcessBus({ logger }),
      publish: async (messages: readonly BusMessage[]) => void published.push(...messages.map((m) => m.id)),
    };
    const relay = (bus: EventBus) =>
      createMongoOutboxRelay({ collections: [docs], locks, bus, logger, lockName: 'leased', leaseMs });
    const pending = async (key: string, ...messages: BusMessage[]) => {
      await docs.insertOne({ _id: key } as Document);
      await docs.updateOne({ _id: key } as Document, withPendingEvents<Document>({}, messages, new Date()));
    };

    const m1 = message('a', 1);
    await pending('a', m1);
    const slow = relay(slowBus).flush();
    // Twice the lease into the slow round, its renewals still hold the others off.
    await new Promise((resolve) => setTimeout(resolve, leaseMs * 2));
    expect(await relay(fastBus).flush()).toBe(0);
    expect(await slow).toBe(1);
    expect(published).toEqual([m1.id]);
    expect(await locks.countDocuments({ _id: 'leased' } as Document)).toBe(0);

    // A relay that died in its turn: the others wait for its lease to end, then publish.
    const m2 = message('b', 1);
    await pending('b', m2);
    await locks.insertOne({
      _id: 'leased',
      holder: 'dead',
      until: new Date(Date.now() + leaseMs),
    } as Document);
    expect(await relay(fastBus).flush()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 100));
    expect(await relay(fastBus).flush()).toBe(1);
    expect(published).toEqual([m1.id, m2.id]);
  }, 30_000);
});
