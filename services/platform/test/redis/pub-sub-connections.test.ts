import net from 'node:net';
import { Redis } from 'ioredis';
import { pubSubConnections, redisOptions } from '@vellum/platform-redis';

/** A loopback port nothing listens on: Redis away. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      (error: Error) => `rejected: ${error.name}`,
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);

// Found by the fault drills: while Redis was away, the socket.io adapter's PUBLISH failed after the product's three
// retries, nobody caught it, and the messaging replica ended. The adapter's connections wait for Redis instead.
describe("pub/sub connections (the socket.io adapter's) while Redis is away", () => {
  let redis: Redis;
  beforeEach(async () => {
    redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { ...redisOptions, lazyConnect: true });
  });
  afterEach(() => redis.disconnect());

  it('keep a publish waiting for Redis instead of failing it', async () => {
    const { publisher, subscriber } = pubSubConnections(redis);
    try {
      expect(await settledWithin(publisher.publish('socket.io#/#', 'hello'), 3000)).toBe('pending');
    } finally {
      publisher.disconnect();
      subscriber.disconnect();
    }
  });

  it('where a connection with the product options fails it (the control)', async () => {
    const plain = redis.duplicate();
    try {
      expect(await settledWithin(plain.publish('socket.io#/#', 'hello'), 3000)).toBe(
        'rejected: MaxRetriesPerRequestError',
      );
    } finally {
      plain.disconnect();
    }
  });
});
