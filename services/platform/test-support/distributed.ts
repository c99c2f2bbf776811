import { randomBytes } from 'node:crypto';
import { describeWithServer } from './servers';
import { startServiceProcess, type ServiceProcess } from './processes';

export interface DistributedProduct {
  gateway: ServiceProcess;
  identity: ServiceProcess;
  /** The services named to `describeDistributed`, by name. */
  services: Record<string, ServiceProcess>;
  brokers: string[];
}

/**
 * `describe` with the product as the chart runs it: identity, the named `services` and the gateway in front of them
 * as processes of their own (their built dist/main.js) on the real Postgres, Redis and Kafka. Each is stopped after
 * the block and must exit 0 (SIGTERM drains and exits cleanly). Needs DATABASE_URL, REDIS_URL and KAFKA_BROKERS.
 */
export function describeDistributed(
  services: string[],
  body: (product: () => DistributedProduct) => void,
): void {
  const title = `distributed: ${['gateway', 'identity', ...services].join(' + ')} processes`;
  describeWithServer('DATABASE_URL', title, (databaseUrl) => {
    let product: DistributedProduct | undefined;
    const started: ServiceProcess[] = [];
    const start = async (name: string, env: Record<string, string>) => {
      const proc = await startServiceProcess(name, env);
      started.push(proc);
      return proc;
    };

    beforeAll(
      async () => {
        const redisUrl = process.env.REDIS_URL;
        const brokers = process.env.KAFKA_BROKERS;
        if (!redisUrl || !brokers)
          throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
        const secrets = {
          SESSION_SECRET: randomBytes(32).toString('hex'),
          INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        };
        // MONGO_URL too when set: the services on MongoDB (link) read it, the others ignore it; REDIS_URL for those
        // that share state through Redis (messaging's socket.io adapter and send limit, link's click limits).
        const mongoUrl = process.env.MONGO_URL;
        const stores = {
          DATABASE_URL: databaseUrl,
          KAFKA_BROKERS: brokers,
          REDIS_URL: redisUrl,
          ...(mongoUrl && { MONGO_URL: mongoUrl }),
        };
        const [identity, ...others] = await Promise.all([
          start('identity', {
            ...secrets,
            ...stores,
            REDIS_URL: redisUrl,
            PUBLIC_URL: 'http://localhost:8080',
          }),
          ...services.map((name) =>
            start(name, { INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET, ...stores }),
          ),
        ]);
        const upstreams = Object.fromEntries(
          services.map((name, i) => [`${name.toUpperCase()}_URL`, others[i]!.url]),
        );
        const gateway = await start('gateway', {
          ...secrets,
          REDIS_URL: redisUrl,
          IDENTITY_URL: identity!.url,
          ...upstreams,
          PUBLIC_URL: 'http://localhost:8080',
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        });
        product = {
          gateway,
          identity: identity!,
          services: Object.fromEntries(services.map((name, i) => [name, others[i]!])),
          brokers: brokers.split(','),
        };
      },
      60_000 + 30_000 * services.length,
    );

    afterAll(async () => {
      const codes = await Promise.all(started.map((p) => p.stop()));
      // SIGTERM drains and exits cleanly.
      expect(codes).toEqual(started.map(() => 0));
    });

    body(() => product!);
  });
}
