import { isStoreUnavailable } from '@vellum/platform';
import { describeWithServer } from '../../test-support';
import { mongoBehindProxy } from './fixtures/restartable-proxy';

const failureOf = (operation: Promise<unknown>) =>
  operation.then(
    () => new Error('answered'),
    (error: unknown) => error as Error,
  );

// Found by the fault drills' reconnect storm: a read mark got no answer at all while 2,000 reconnecting tabs each
// counted their unread messages. The driver bounds neither the wait for a free connection of its pool nor the wait for
// an answer, so a swamped server (up, answering its heartbeats) left requests queued for as long as it took.
describeWithServer('MONGO_URL', 'a MongoDB operation waits a bounded time', (url) => {
  const opened = mongoBehindProxy(url, {
    database: 'operation_bounds',
    appName: 'operation-bounds-test',
    maxPoolSize: 1,
    operationTimeoutMs: 500,
    // The monitor's own checks must not find the held server first.
    connectTimeoutMs: 30_000,
  });

  it('fails an operation whose answer never comes, and one queued behind it for the connection, as an outage', async () => {
    const { proxy, mongo } = opened;
    const things = mongo.database.collection<{ _id: string }>('things');
    await things.updateOne({ _id: 'a' }, { $set: { _id: 'a' } }, { upsert: true });
    proxy.hold();
    // A command the driver never retries first (a read would be tried again on a new connection, which waits too).
    const [unanswered, queued] = await Promise.all([
      failureOf(mongo.database.command({ count: 'things' })),
      failureOf(things.findOne({ _id: 'a' })),
    ]);
    expect(queued.name).toBe('MongoWaitQueueTimeoutError');
    expect(unanswered.name).toBe('MongoNetworkTimeoutError');
    // Answered 503 with Retry-After by the error handler, as any store that cannot serve now.
    expect(isStoreUnavailable(queued)).toBe(true);
    expect(isStoreUnavailable(unanswered)).toBe(true);
  }, 20_000);
});
