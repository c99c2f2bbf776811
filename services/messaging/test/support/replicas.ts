import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { CALLER_HEADER, signAssertion, type Caller, type EventBus } from '@vellum/platform';
import { createKafkaBus } from '@vellum/platform-kafka';
import { connectMongo } from '@vellum/platform-mongo';
import {
  CirrusCreatedSchema,
  CirrusVerifiedSchema,
  messengerPaths,
  packEnvelope,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import {
  describeWithServer,
  eventually,
  freePort,
  startServiceProcess,
  type ServiceProcess,
} from '@vellum/platform/test-support';

export interface ReplicaServers {
  mongoUrl: string;
  redisUrl: string;
  brokers: string;
}

/** A messaging replica: its process, and a restart on the same port (its clients reconnect to the same URL). */
export interface Replica {
  readonly url: string;
  readonly process: ServiceProcess;
  stop(): Promise<number | null>;
  start(): Promise<void>;
}

/**
 * Messaging replicas (their built dist/main.js) on one MongoDB database, one Redis and Kafka, as the chart runs
 * them, reached as the gateway would reach them: each request and socket upgrade carries a caller assertion signed
 * with the internal secret. People arrive as identity's events on Kafka.
 */
export interface Replicas {
  replicas: Replica[];
  secret: string;
  /** A verified cirrus the service has learnt of (it answers a conversation opened with them). */
  person(first: string): Promise<Caller>;
  /** A JSON call to a replica as `who`. */
  call(replica: Replica, who: Caller, path: string, body?: unknown): Promise<Response>;
  /** The conversation between two people, opened (or found) through a replica. */
  open(replica: Replica, who: Caller, other: Caller): Promise<string>;
  /** Publishes another service's event (`producer`'s) on `topic`, keyed by `key`, as its relay would. */
  publish<D extends DescMessage>(
    producer: string,
    topic: string,
    schema: D,
    key: string,
    payload: MessageInitShape<D>,
  ): Promise<void>;
  /** Publishes one of identity's events on identity.cirrus.v1, keyed by `key`, as identity's relay would. */
  identityEvent<D extends DescMessage>(schema: D, key: string, payload: MessageInitShape<D>): Promise<void>;
  /**
   * A socket.io client of a replica as `who` (its `session` key in the assertion too, as the gateway signs it), or
   * with exactly `headers`, without reconnection of its own.
   */
  socket(replica: Replica, who: Caller | Record<string, string>): Socket;
  close(): Promise<Array<number | null>>;
}

/** A call or a connect that has not answered in this long is a failure with its own message, not a test timeout. */
export const ANSWER_WITHIN_MS = 20_000;

export const connected = (socket: Socket) =>
  new Promise<Socket>((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    const timer = setTimeout(
      () => reject(new Error(`the socket did not connect in ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
    socket.once('connect', () => (clearTimeout(timer), resolve(socket)));
    socket.once('connect_error', (error) => (clearTimeout(timer), reject(error)));
  });

export async function startReplicas(servers: ReplicaServers, count = 2): Promise<Replicas> {
  const secret = randomBytes(32).toString('hex');
  const database = `messaging_replicas_${randomUUID().slice(0, 8)}`;
  const env = {
    INTERNAL_AUTH_SECRET: secret,
    MONGO_URL: `${servers.mongoUrl.replace(/\/?$/, '/')}${database}`,
    KAFKA_BROKERS: servers.brokers,
    REDIS_URL: servers.redisUrl,
  };
  const replicas = await Promise.all(
    Array.from({ length: count }, async (): Promise<Replica> => {
      const port = await freePort();
      let current = await startServiceProcess('messaging', env, { port });
      return {
        url: current.url,
        get process() {
          return current;
        },
        stop: () => current.stop(),
        start: async () => {
          current = await startServiceProcess('messaging', env, { port });
        },
      };
    }),
  );
  const bus: EventBus = createKafkaBus({
    brokers: servers.brokers.split(','),
    clientId: 'messaging-replicas',
    logger: pino({ level: 'silent' }),
  });
  const sockets = new Set<Socket>();

  /** One event of another service on its topic, as its relay would publish it. */
  const publish = async <D extends DescMessage>(
    producer: string,
    topic: string,
    schema: D,
    key: string,
    payload: MessageInitShape<D>,
  ) => {
    const id = randomUUID();
    const value = packEnvelope({ id, producer, aggregateId: key, payloadSchema: schema, payload });
    await bus.publish([{ id, topic, key, type: schema.typeName, value }]);
  };
  const identityEvent = <D extends DescMessage>(schema: D, key: string, payload: MessageInitShape<D>) =>
    publish('identity', Topics.identityCirrus, schema, key, payload);
  const call = (replica: Replica, who: Caller, path: string, body?: unknown) =>
    fetch(replica.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        [CALLER_HEADER]: signAssertion(who, secret),
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    }).catch((error: unknown) => {
      throw new Error(`${body === undefined ? 'GET' : 'POST'} ${path} on ${replica.url}: ${String(error)}`);
    });

  return {
    replicas,
    secret,
    call,
    publish,
    identityEvent,
    async person(first) {
      const id = randomUUID();
      const username = `${first.toLowerCase()}.${id.slice(0, 8)}`;
      await identityEvent(CirrusCreatedSchema, id, {
        cirrusId: id,
        username,
        displayName: `${first} Replica`,
      });
      await identityEvent(CirrusVerifiedSchema, id, { cirrusId: id, username });
      return { id, username };
    },
    async open(replica, who, other) {
      // A replica answers once its consumer group has read identity's events (from the topic's beginning first).
      const answer = await eventually(
        async () => {
          const res = await call(replica, who, messengerPaths.conversations, { username: other.username });
          return res.status === 200 || res.status === 201
            ? ((await res.json()) as { conversation: { conversation: string } })
            : undefined;
        },
        150_000,
        `the conversation of ${who.username} with ${other.username}`,
      );
      return answer.conversation.conversation;
    },
    socket(replica, who) {
      const headers =
        'id' in who && 'username' in who ? { [CALLER_HEADER]: signAssertion(who as Caller, secret) } : who;
      const socket = io(replica.url, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: headers as Record<string, string>,
      });
      sockets.add(socket);
      socket.once('disconnect', () => sockets.delete(socket));
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await bus.close();
      const codes = await Promise.all(replicas.map((r) => r.stop()));
      const conn = await connectMongo({ url: servers.mongoUrl, appName: 'messaging-replicas-cleanup' });
      await conn.client.db(database).dropDatabase();
      await conn.close();
      return codes;
    },
  };
}

/**
 * `describe` with replicas started before its tests and stopped after them, each exiting 0 (SIGTERM drains). Needs
 * MONGO_URL, REDIS_URL and KAFKA_BROKERS (skipped locally without them, failing under CI=true).
 */
export function describeReplicas(title: string, body: (product: () => Replicas) => void): void {
  describeWithServer('MONGO_URL', title, (mongoUrl) => {
    describeWithServer('REDIS_URL', 'on one Redis', (redisUrl) => {
      describeWithServer('KAFKA_BROKERS', 'people from identity events on Kafka', (brokers) => {
        let product: Replicas | undefined;
        beforeAll(async () => {
          product = await startReplicas({ mongoUrl, redisUrl, brokers });
        }, 120_000);
        afterAll(async () => {
          const codes = (await product?.close()) ?? [];
          expect(codes).toEqual(codes.map(() => 0));
        }, 60_000);
        body(() => product!);
      });
    });
  });
}
