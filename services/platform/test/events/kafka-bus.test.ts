import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import pino from 'pino';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createKafkaBus } from '@vellum/platform-kafka';
import { describeWithServer, serverUrl, eventually } from '@vellum/platform/test-support';
import { describeBusContract, message, uniqueName } from './bus.contract';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

describeWithServer('KAFKA_BROKERS', 'Kafka bus', (brokers) => {
  describeBusContract({
    createBus: async ({ retry, onPoison }) =>
      createKafkaBus({ brokers, clientId: uniqueName('client'), logger, retry, onPoison }),
    openDb: async () => {
      const url = serverUrl('DATABASE_URL');
      return url ? createPgDb({ connectionString: url, max: 4 }) : createPgliteDb();
    },
    quietMs: 1500,
    timeoutMs: 60_000,
  });

  it('creates a missing topic as an event log: deleted never, compacted never', async () => {
    const bus = createKafkaBus({ brokers, clientId: uniqueName('client'), logger });
    const topic = uniqueName('config');
    const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
    try {
      await bus.publish([message(topic, 'k', 'x')]);
      await admin.connect();
      const { resources } = await admin.describeConfigs({
        resources: [
          { type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms', 'cleanup.policy'] },
        ],
        includeSynonyms: false,
      });
      const config = Object.fromEntries(
        resources[0]!.configEntries.map((e) => [e.configName, e.configValue]),
      );
      expect(config).toEqual({ 'retention.ms': '-1', 'cleanup.policy': 'delete' });
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  }, 60_000);

  it('answers ping, and no longer once closed', async () => {
    const bus = createKafkaBus({ brokers, clientId: uniqueName('client'), logger });
    expect(await bus.ping()).toBe(true);
    await bus.close();
    expect(await bus.ping()).toBe(false);
  });

  it('carries key, id, type and the bytes unchanged', async () => {
    const bus = createKafkaBus({ brokers: brokers.split(','), clientId: uniqueName('client'), logger });
    const topic = uniqueName('fields');
    const sent = { ...message(topic, 'the-key', ''), value: Uint8Array.from([0, 1, 2, 254, 255]) };
    const received: unknown[] = [];
    try {
      await bus.subscribe({
        group: uniqueName('g'),
        topics: [topic],
        handler: async (m) => void received.push(m),
      });
      await bus.publish([sent]);
      await eventually(() => received.length === 1, 30_000, 'the message');
      expect(received[0]).toEqual({ ...sent, value: expect.any(Uint8Array) });
      expect([...(received[0] as { value: Uint8Array }).value]).toEqual([0, 1, 2, 254, 255]);
    } finally {
      await bus.close();
    }
  }, 60_000);
});
