import { MongoClient, type Db as MongoDatabase } from 'mongodb';
import { DEFAULT_DATABASE_QUERY_TIMEOUT_MS } from '@vellum/platform';
import type { Logger } from 'pino';
import { closeAwareWrites } from './close-aware-writes';

export interface MongoConnection {
  client: MongoClient;
  /** The database named by the URL's path, else `defaultDatabase`. */
  database: MongoDatabase;
  /** True when the server answers `ping` (the readiness check). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface MongoOptions {
  /** `MONGO_URL`: `mongodb://host:port/[database]`. */
  url: string;
  /** Names the client in the server's logs, and the database when the URL names none. */
  appName: string;
  /** The database when the URL has no path (default `appName`). */
  defaultDatabase?: string;
  logger?: Logger;
  /** How long an operation waits for a reachable server (default 5 s): a down server fails requests, not hangs. */
  serverSelectionTimeoutMs?: number;
  /**
   * How long a connection may take to open and shake hands (default 5 s; the driver's is 30 s): a black-holed
   * server, or one that accepts and never answers, is given up on then. The driver's monitor checks each server with
   * this time-out too (plus its 10 s heartbeat when streaming), so a server gone silent is marked down, and the
   * operations in flight on it fail, within seconds instead of half a minute or more.
   */
  connectTimeoutMs?: number;
  /**
   * How long an operation may wait (default `DATABASE_QUERY_TIMEOUT_MS`'s, 15 s, as a Postgres statement): for a free
   * connection of the pool (`waitQueueTimeoutMS`), and then for the server's answer, a second more
   * (`socketTimeoutMS`). A server that is up but swamped (a storm of reconnecting tabs each counting its unread
   * messages) then fails a request with a 503 instead of leaving it queued behind the others for ever: the driver
   * bounds neither wait by default. 0: no bound (a benchmark's seeding).
   */
  operationTimeoutMs?: number;
  /** Connections per server (default 20). */
  maxPoolSize?: number;
  /** The driver emits an event per command (for `measureMongo`); off by default, as in the driver. */
  monitorCommands?: boolean;
}

/**
 * Connects to MongoDB (or anything speaking its wire protocol: FerretDB in the tests) with the official driver. The
 * client reconnects by itself; `ping` is the readiness check and never throws. While the server cannot be reached,
 * an operation fails within the server selection time-out with the driver's `MongoServerSelectionError` (or a
 * `MongoNetworkError` for one in flight), which the platform's error handler answers 503 (`isStoreUnavailable`).
 */
export async function connectMongo(options: MongoOptions): Promise<MongoConnection> {
  closeAwareWrites();
  const client = new MongoClient(options.url, {
    appName: options.appName,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5000,
    connectTimeoutMS: options.connectTimeoutMs ?? 5000,
    maxPoolSize: options.maxPoolSize ?? 20,
    ...operationBounds(options.operationTimeoutMs ?? DEFAULT_DATABASE_QUERY_TIMEOUT_MS),
    monitorCommands: options.monitorCommands ?? false,
  });
  await client.connect();
  const database = client.db(databaseOf(options.url) ?? options.defaultDatabase ?? options.appName);
  options.logger?.info({ database: database.databaseName }, 'connected to MongoDB');
  return {
    client,
    database,
    async ping() {
      try {
        const answer = await database.command({ ping: 1 });
        return answer.ok === 1;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/** A second more than the operation's own bound for its answer, as pg's `query_timeout` over `statement_timeout`. */
const NO_ANSWER_GRACE_MS = 1000;

function operationBounds(timeoutMs: number) {
  return timeoutMs === 0
    ? {}
    : { waitQueueTimeoutMS: timeoutMs, socketTimeoutMS: timeoutMs + NO_ANSWER_GRACE_MS };
}

/** The database a MongoDB URL names in its path (`mongodb://host/name?...`), if any. */
export function databaseOf(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return name === '' ? undefined : name;
}

/** True for the server's duplicate-key error (E11000): an insert or upsert met an existing `_id` or unique key. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

// The driver's types, for the adapters built on these (a service's store/ imports no driver itself).
export type { Collection, Db as MongoDatabase, Document, Filter, MongoClient, UpdateFilter } from 'mongodb';
