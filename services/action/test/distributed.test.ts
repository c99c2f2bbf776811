import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { ActionCreatedSchema, ActionPriority, decodePayload, Topics, unpackEnvelope } from '@vellum/proto';
import { describeWithServer } from '../../platform/test/support/servers';
import { startServiceProcess, type ServiceProcess } from '../../identity/test/support/processes';
import { actionApiSuite, person } from './support/action-api.suite';

/**
 * Gateway, identity, social and action as four processes on the real Postgres, Redis and Kafka, as the chart runs
 * them: accounts come from identity and follows from social, over Kafka.
 */
describeWithServer(
  'DATABASE_URL',
  'distributed: gateway + identity + social + action processes',
  (databaseUrl) => {
    const redisUrl = process.env.REDIS_URL;
    const brokers = process.env.KAFKA_BROKERS;
    let identity: ServiceProcess;
    let social: ServiceProcess;
    let action: ServiceProcess;
    let gateway: ServiceProcess;

    beforeAll(async () => {
      if (!redisUrl || !brokers) throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
      const secrets = {
        SESSION_SECRET: randomBytes(32).toString('hex'),
        INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      };
      const stores = { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers };
      const internal = { INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET, ...stores };
      [identity, social, action] = await Promise.all([
        startServiceProcess('identity', {
          ...secrets,
          ...stores,
          REDIS_URL: redisUrl,
          PUBLIC_URL: 'http://localhost:8080',
        }),
        startServiceProcess('social', internal),
        startServiceProcess('action', internal),
      ]);
      gateway = await startServiceProcess('gateway', {
        ...secrets,
        REDIS_URL: redisUrl,
        IDENTITY_URL: identity.url,
        SOCIAL_URL: social.url,
        ACTION_URL: action.url,
        PUBLIC_URL: 'http://localhost:8080',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      });
    }, 120_000);

    afterAll(async () => {
      const codes = await Promise.all([gateway?.stop(), action?.stop(), social?.stop(), identity?.stop()]);
      // SIGTERM drains and exits cleanly.
      expect(codes.filter((c) => c !== undefined)).toEqual(codes.filter((c) => c !== undefined).map(() => 0));
    });

    actionApiSuite(() => gateway.url);

    it('publishes to Kafka on action.action.v1, keyed by the owner', async () => {
      const dana = await person(gateway.url, 'Dana');
      const action = (
        await dana.client.post<{ action: { i: string } }>('/api/action', { text: 'Over Kafka' })
      ).body.action;

      const kafka = new Kafka({
        clientId: 'action-test',
        brokers: brokers!.split(','),
        logLevel: logLevel.NOTHING,
      });
      const consumer = kafka.consumer({ groupId: `action-test-${randomBytes(4).toString('hex')}` });
      await consumer.connect();
      await consumer.subscribe({ topic: Topics.actionAction, fromBeginning: true });
      let timer: NodeJS.Timeout | undefined;
      const seen = await Promise.race([
        new Promise<{ key: string; ownerId: string; priority: ActionPriority }>((resolve) => {
          void consumer.run({
            eachMessage: async ({ message }) => {
              const envelope = unpackEnvelope(message.value!);
              if (envelope.type !== ActionCreatedSchema.typeName) return;
              const created = decodePayload(envelope, ActionCreatedSchema);
              if (created.actionId === action.i) {
                resolve({
                  key: message.key!.toString(),
                  ownerId: created.ownerId,
                  priority: created.priority,
                });
              }
            },
          });
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no ActionCreated on Kafka')), 30_000);
        }),
      ]).finally(() => clearTimeout(timer));
      await consumer.disconnect();
      expect(seen).toEqual({ key: dana.id, ownerId: dana.id, priority: ActionPriority.MEDIUM });
    }, 60_000);
  },
);
