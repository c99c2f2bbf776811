import path from 'node:path';
import express from 'express';
import {
  createInProcessBus,
  createLogger,
  createMetricsRegistry,
  createOutboxRelay,
  eventMetrics,
  inboxUpkeep,
  memoryLimiters,
  MemorySessionStore,
  migrate,
  mountService,
  pgBusOffsets,
  preloadFromOutboxes,
  proxyTrust,
  serve,
  serveMetrics,
  sessionLimitsOf,
  tableUpkeep,
  type Db,
  type Logger,
  type RunningServer,
  type ServiceDefinition,
} from '@vellum/platform';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createArgon2Hasher, createIdentityService, createMailPorts } from '@vellum/identity';
import { createVellumService } from '@vellum/vellum';
import { createSocialService } from '@vellum/social';
import { createActionService } from '@vellum/action';
import { clickLimitsOf, createLinkService } from '@vellum/link';
import { createMessagingService, socketRealtime } from '@vellum/messaging';
import { createAnalyticsService } from '@vellum/analytics';
import { createGateway, originsOf, REMOTE_NAMES, remoteUrlsOf, VERSION } from '@vellum/gateway';
import type { EmbeddedEnv } from './config';
import { embeddedSecrets } from './secrets';
import { lockDataDir } from './data-dir-lock';

export interface Embedded extends RunningServer {
  logger: Logger;
  /** Where /metrics is served (METRICS_PORT; the port taken when it was 0); undefined when it is `off`. */
  metricsPort: number | undefined;
}

/**
 * An operator's task on a stopped product's data folder (`npm run replay`, `npm run parked`): it runs once every
 * service is built and migrated, with nothing serving or consuming, and everything is closed after it.
 */
export interface EmbeddedTask<T> {
  /** Names the task in the data folder's lock, should the product be running. */
  name: string;
  run: (db: Db, services: readonly ServiceDefinition[], logger: Logger) => Promise<T>;
}

/**
 * Every service and the gateway in one process: one PGlite database (a schema per service), the in-process bus,
 * in-memory sessions and rate limits. The same service code as the distributed mode, with other adapters.
 */
export function startEmbedded(env: EmbeddedEnv): Promise<Embedded>;
/** Runs an operator's task on the data folder instead of serving (`EmbeddedTask`). */
export function startEmbedded<T>(env: EmbeddedEnv, task: EmbeddedTask<T>): Promise<T>;
export async function startEmbedded<T>(env: EmbeddedEnv, task?: EmbeddedTask<T>): Promise<Embedded | T> {
  const logger = createLogger({ service: 'vellum', level: env.LOG_LEVEL });
  const dataDir = path.resolve(env.DATA_DIR);
  const lock = await lockDataDir(dataDir, task ? task.name : 'the embedded product');
  const secrets = {
    ...embeddedSecrets(dataDir),
    ...(env.SESSION_SECRET && { sessionSecret: env.SESSION_SECRET }),
    ...(env.INTERNAL_AUTH_SECRET && { internalAuthSecret: env.INTERNAL_AUTH_SECRET }),
  };
  const db = await createPgliteDb({ dataDir: path.join(dataDir, 'pg') });
  // awaitDelivery: the relays mark their rows published only once every consumer group has handled them, so a
  // process killed mid-delivery publishes them again on the next start. The published rows are the event log, kept
  // forever and loaded into the bus at each start; each group's position is kept in platform.bus_offsets.
  // One registry for the whole process, labelled service="vellum": each series says which service's part it is
  // (its route, its outbox, its consumer group), as every distributed process's do.
  const metrics = createMetricsRegistry('vellum');
  const events = eventMetrics(metrics);
  const bus = createInProcessBus({
    awaitDelivery: true,
    offsets: await pgBusOffsets(db),
    logger: logger.child({ component: 'bus' }),
    observer: events.delivery,
  });
  events.watchLag(() => bus.lag());
  const sessions = new MemorySessionStore();
  const mail = createMailPorts(env, logger);
  const relays: Array<ReturnType<typeof createOutboxRelay>> = [];
  const wake = () => relays.forEach((relay) => relay.wake());

  const publicUrlFor = (port: number) => (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  // The public URL needs the real port, which is known only once listening when PORT=0.
  const config = { publicUrl: publicUrlFor(env.PORT) };

  // socket.io on this process's own server, in-memory rooms; a socket needs a session, resolved by the gateway
  // (created below, asked only once the server listens).
  const realtime = socketRealtime({
    authenticate: (req) => gateway.callerOfUpgrade(req),
    logger: logger.child({ service: 'messaging' }),
    metrics,
  });

  const services: ServiceDefinition[] = [
    createIdentityService({
      db,
      metrics,
      sessionStore: sessions,
      limiters: memoryLimiters,
      mailer: mail.mailer,
      devMailbox: mail.devMailbox,
      hasher: createArgon2Hasher(),
      logger: logger.child({ service: 'identity' }),
      wakeOutbox: wake,
      config: {
        get publicUrl() {
          return config.publicUrl;
        },
        sessionSecret: secrets.sessionSecret,
        internalAuthSecret: secrets.internalAuthSecret,
        adminEmails: env.ADMIN_EMAILS,
        secureCookies: (env.PUBLIC_URL ?? '').startsWith('https:'),
        sessionLimits: sessionLimitsOf(env),
      },
    }),
    createVellumService({
      db,
      logger: logger.child({ service: 'vellum' }),
      wakeOutbox: wake,
      config: {
        internalAuthSecret: secrets.internalAuthSecret,
        ratingsRequired: env.RATINGS_REQUIRED,
        versionCoalesceMinutes: env.VERSION_COALESCE_MINUTES,
      },
    }),
    createSocialService({
      db,
      logger: logger.child({ service: 'social' }),
      wakeOutbox: wake,
      config: { internalAuthSecret: secrets.internalAuthSecret },
    }),
    createActionService({
      db,
      logger: logger.child({ service: 'action' }),
      wakeOutbox: wake,
      config: { internalAuthSecret: secrets.internalAuthSecret },
    }),
    // The link service on the embedded Postgres (its MongoDB adapter is for the distributed mode).
    createLinkService({
      db,
      logger: logger.child({ service: 'link' }),
      wakeOutbox: wake,
      limiters: memoryLimiters,
      config: { internalAuthSecret: secrets.internalAuthSecret, clickLimits: clickLimitsOf(env) },
    }),
    // The messaging service on the embedded Postgres (its MongoDB adapter is for the distributed mode).
    createMessagingService({
      db,
      logger: logger.child({ service: 'messaging' }),
      wakeOutbox: wake,
      limiters: memoryLimiters,
      realtime,
      config: { internalAuthSecret: secrets.internalAuthSecret },
    }),
    createAnalyticsService({
      db,
      logger: logger.child({ service: 'analytics' }),
      config: { internalAuthSecret: secrets.internalAuthSecret, adminEmails: env.ADMIN_EMAILS },
    }),
  ];

  const upstreams: Record<string, { handler: express.Express }> = {};
  for (const service of services) await migrate(db, service.schema, service.migrations);
  if (task) {
    try {
      return await task.run(db, services, logger);
    } finally {
      await bus.close();
      mail.close();
      await db.close();
      await lock.release();
    }
  }
  // Before any group subscribes, so that saved offsets find the same messages as before; a new group reads it all.
  await preloadFromOutboxes(
    db,
    services.map((service) => service.schema),
    bus,
  );
  for (const service of services) {
    for (const subscription of service.subscriptions) await bus.subscribe(subscription);
    upstreams[service.name] = { handler: mountService(express(), service, logger) };
    events.watchSchema(db, service.schema);
  }
  // Relays start once every group is subscribed: a publish waits only for the groups subscribed at that moment.
  for (const service of services.filter((candidate) => candidate.publishes !== false)) {
    const relay = createOutboxRelay({
      db,
      schema: service.schema,
      bus,
      logger: logger.child({ relay: service.name }),
      observer: events.relay(service.schema),
      // PGlite has one connection: a transaction held across a publish would wait for consumers waiting for it.
      publishOutsideTransaction: true,
      // The published rows are the embedded mode's event log (see the bus above).
      retentionMs: Infinity,
    });
    relays.push(relay);
    relay.start();
  }
  const workers = [
    // PGlite has no autovacuum: statistics for the planner and dead rows cleared, by autovacuum's rules.
    tableUpkeep({ db, logger: logger.child({ upkeep: 'tables' }) }),
    ...services.flatMap((service) => [
      inboxUpkeep({ db, schema: service.schema, logger: logger.child({ inbox: service.name }) }),
      ...(service.workers ?? []),
    ]),
  ];
  for (const worker of workers) worker.start();

  const drain = { draining: false };
  const frontendsDir = path.resolve(env.FRONTENDS_DIR);
  const gateway = createGateway({
    logger,
    metrics: env.METRICS_PORT === undefined ? undefined : metrics,
    upstreams,
    sessions,
    limiters: memoryLimiters,
    publicUrl: config.publicUrl,
    sessionSecret: secrets.sessionSecret,
    internalAuthSecret: secrets.internalAuthSecret,
    sessionLimits: sessionLimitsOf(env),
    authRatePerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    frontends: {
      shellDir: path.join(frontendsDir, 'shell/dist'),
      // Every remote of REMOTE_NAMES (@vellum/proto) whose build is found at frontends/<name>/dist.
      remoteDirs: Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, path.join(frontendsDir, name, 'dist')]),
      ),
      remoteUrls: remoteUrlsOf(env),
      scriptOrigins: originsOf(Object.values(remoteUrlsOf(env))),
      version: VERSION,
    },
    isDraining: () => drain.draining,
    trustProxy: proxyTrust(env.TRUSTED_PROXIES),
    // Websockets from PUBLIC_URL's origin only; without one (development), from this machine's two names of the port
    // it listens on (known once listening), never from whatever Host a request names.
    websocketOrigins: () => {
      const own = new URL(config.publicUrl);
      return env.PUBLIC_URL ? [own.origin] : [own.origin, `http://127.0.0.1:${own.port}`];
    },
  });
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, { port: env.METRICS_PORT, host: env.HOST, logger });
  const running = await serve(
    gateway.app,
    {
      port: env.PORT,
      host: env.HOST,
      logger,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      closers: [
        async () => metricsServer?.close(),
        () => lock.release(),
        () => db.close(),
        () => bus.close(),
        async () => {
          await Promise.all([...relays, ...workers].map((loop) => loop.stop()));
          mail.close();
        },
        () => realtime.close(),
      ],
    },
    drain,
  );
  gateway.attachUpgrades(running.server);
  for (const service of services) service.attachServer?.(running.server);
  config.publicUrl = publicUrlFor(running.port);
  logger.info({ port: running.port, dataDir }, `listening on ${running.url}`);
  return { ...running, logger, metricsPort: metricsServer?.port };
}
