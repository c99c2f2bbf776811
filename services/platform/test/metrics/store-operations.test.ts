import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { connectMongo, measureMongo } from '@vellum/platform-mongo';
import { measureRedis, redisOptions } from '@vellum/platform-redis';
import { describeWithServer, metricValue } from '@vellum/platform/test-support';
import { createMetricsRegistry, type Registry } from '../../src';

const NAME = 'db_client_operation_duration_seconds_count';

async function count(registry: Registry, system: string, operation: string, errorType = '') {
  const text = await registry.metrics();
  return (
    metricValue(text, NAME, {
      service: 'test',
      db_system_name: system,
      db_operation_name: operation,
      error_type: errorType,
    }) ?? 0
  );
}

// Issue 26: every command a store client sends, timed by name, failures by their error's class.
describeWithServer('REDIS_URL', "Redis commands' durations", (url) => {
  it('counts each command by name, a refused one with its error, and leaves a client without a registry alone', async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const redis = measureRedis(new Redis(url, redisOptions), registry);
    const key = `measure:${randomUUID()}`;
    try {
      await redis.set(key, 'not a number');
      await redis.get(key);
      await redis.get(key);
      await expect(redis.incr(key)).rejects.toThrow(/not an integer/);
      expect({
        set: await count(registry, 'redis', 'set'),
        get: await count(registry, 'redis', 'get'),
        incrRefused: await count(registry, 'redis', 'incr', 'ReplyError'),
        incrAnswered: await count(registry, 'redis', 'incr'),
      }).toEqual({ set: 1, get: 2, incrRefused: 1, incrAnswered: 0 });
      // The key's name is in no label.
      expect(await registry.metrics()).not.toContain(key);
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
    const plain = new Redis(url, redisOptions);
    const send = plain.sendCommand;
    expect(measureRedis(plain, undefined).sendCommand).toBe(send);
    plain.disconnect();
  });
});

describeWithServer('MONGO_URL', "MongoDB commands' durations", (url) => {
  it('counts each command by name and a failed one with its error, from the driver’s command events', async () => {
    const registry = createMetricsRegistry('test', { runtime: false });
    const mongo = await connectMongo({
      url,
      appName: 'measure-test',
      defaultDatabase: `measure_${randomUUID().slice(0, 8)}`,
      monitorCommands: true,
    });
    measureMongo(mongo.client, registry);
    try {
      const things = mongo.database.collection<{ _id: string; n: number }>('things');
      await things.insertOne({ _id: 'a', n: 1 });
      await things.findOne({ _id: 'a' });
      await things.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
      await expect(mongo.database.command({ noSuchCommand: 1 })).rejects.toThrow();
      expect({
        insert: await count(registry, 'mongodb', 'insert'),
        find: await count(registry, 'mongodb', 'find'),
        update: await count(registry, 'mongodb', 'update'),
        refused: await count(registry, 'mongodb', 'nosuchcommand', 'MongoServerError'),
      }).toEqual({ insert: 1, find: 1, update: 1, refused: 1 });
      await mongo.database.dropDatabase();
    } finally {
      await mongo.close();
    }
  });
});
