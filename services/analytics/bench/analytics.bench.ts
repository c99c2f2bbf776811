/**
 * Analytics benchmark: BENCH_CIRRI cirri (default 100,000) and BENCH_EVENTS events (default 1,000,000: each cirrus
 * created and verified, the rest sign-ins, vellums, actions and messages) projected through the service's own
 * subscription (inbox included), BENCH_WORKERS at a time as Kafka partitions would (default 8 on Postgres, 1 on
 * PGlite); then GET /api/admin over HTTP (the router on a local port, as the gateway calls it): the first page, a
 * filtered page, a deep page and a sorted list, median and p95 of BENCH_ROUNDS calls (default 200). Postgres (in a
 * scratch database) with DATABASE_URL, else PGlite. Build first (`npm run build`), then from the root:
 *
 *   source ~/.cache/vellum/run/env.sh && npm run bench -w @vellum/analytics
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pino from 'pino';
import { Client } from 'pg';
import {
  ActionCreatedSchema,
  CirrusCreatedSchema,
  CirrusSignedInSchema,
  CirrusVerifiedSchema,
  MessageSentSchema,
  packEnvelope,
  Topics,
  VellumCreatedSchema,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import {
  CALLER_HEADER,
  migrate,
  mountService,
  signAssertion,
  type BusMessage,
  type Db,
} from '@vellum/platform';
import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createAnalyticsService } from '../src/service';
import { quantile } from '@vellum/platform/test-support';

const CIRRI = Number(process.env.BENCH_CIRRI ?? 100_000);
const EVENTS = Math.max(Number(process.env.BENCH_EVENTS ?? 1_000_000), 2 * CIRRI + 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SECRET = 'b'.repeat(32);
const ADMIN_EMAIL = 'bench.admin@example.com';
const NAMES = ['Ada', 'Ben', 'Cleo', 'Dan', 'Eve', 'Maria', 'Mario', 'Marta', 'Omar', 'Zoe'];
const DAY = 86_400_000;

function message<D extends DescMessage>(
  topic: string,
  key: string,
  schema: D,
  payload: MessageInitShape<D>,
  at: Date,
): BusMessage {
  const id = randomUUID();
  const value = packEnvelope({
    id,
    producer: 'bench',
    aggregateId: key,
    occurredAt: at,
    payloadSchema: schema,
    payload,
  });
  return { id, topic, key, type: schema.typeName, value };
}

/** The i-th event of the run: first every cirrus created and verified, then activity spread over 90 days. */
function eventOf(i: number, ids: string[]): BusMessage {
  const at = new Date(Date.now() - ((i * 7919) % (90 * DAY)));
  if (i < 2 * CIRRI) {
    const n = Math.floor(i / 2);
    const id = ids[n]!;
    const first = NAMES[n % NAMES.length]!;
    const username = n === 0 ? 'bench.admin' : `${first.toLowerCase()}.${n}`;
    return i % 2 === 0
      ? message(
          Topics.identityCirrus,
          id,
          CirrusCreatedSchema,
          {
            cirrusId: id,
            username,
            email: n === 0 ? ADMIN_EMAIL : `${username}@example.com`,
            firstName: first,
            lastName: `Lovelace${n % 97}`,
            displayName: username,
          },
          at,
        )
      : message(Topics.identityCirrus, id, CirrusVerifiedSchema, { cirrusId: id, username }, at);
  }
  const id = ids[(i * 31) % CIRRI]!;
  switch (i % 4) {
    case 0:
      return message(Topics.identityCirrus, id, CirrusSignedInSchema, { cirrusId: id }, at);
    case 1: {
      const vellumId = randomUUID();
      return message(Topics.vellumVellum, vellumId, VellumCreatedSchema, { vellumId, ownerId: id }, at);
    }
    case 2:
      return message(
        Topics.actionAction,
        id,
        ActionCreatedSchema,
        { actionId: randomUUID(), ownerId: id },
        at,
      );
    default:
      return message(
        Topics.messagingMessage,
        id,
        MessageSentSchema,
        {
          messageId: randomUUID(),
          senderId: id,
          recipientId: ids[(i * 17) % CIRRI]!,
        },
        at,
      );
  }
}

async function run(name: string, db: Db, workers: number) {
  const logger = pino({ level: 'silent' });
  const service = createAnalyticsService({
    db,
    logger,
    config: { internalAuthSecret: SECRET, adminEmails: [ADMIN_EMAIL] },
  });
  await migrate(db, service.schema, service.migrations);
  const handler = service.subscriptions[0]!.handler;
  const ids = Array.from({ length: CIRRI }, () => randomUUID());

  // The cirri first (their events in order per cirrus), then the rest, `workers` at a time.
  const start = performance.now();
  let next = 0;
  const worker = async (limit: number) => {
    while (next < limit) await handler(eventOf(next++, ids));
  };
  for (const limit of [2 * CIRRI, EVENTS])
    await Promise.all(Array.from({ length: workers }, () => worker(limit)));
  const seconds = (performance.now() - start) / 1000;
  await db.query('ANALYZE analytics.cirri');
  console.log(`${name}: ${EVENTS.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s`);

  const server = mountService(express(), service, logger).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const res = await fetch(base + path, {
      headers: { [CALLER_HEADER]: signAssertion({ id: ids[0]!, username: 'bench.admin' }, SECRET) },
    });
    const body = (await res.json()) as { authorized: boolean; nextCursor?: string };
    if (!res.ok || !body.authorized) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  let deep = '/api/admin/cirri?list=all&sort=username&dir=asc';
  const DEEP = Math.min(100, Math.floor(CIRRI / 50) - 1);
  for (let page = 0; page < DEEP; page++)
    deep = `/api/admin/cirri?list=all&sort=username&dir=asc&cursor=${encodeURIComponent((await get(deep)).nextCursor!)}`;
  const cases: Array<[string, string]> = [
    ['GET /api/admin, first pages and counts', '/api/admin'],
    ['GET /api/admin?filter=mar (3 lists)', '/api/admin?filter=mar'],
    ['filtered page of one list, rare text', '/api/admin/cirri?list=all&filter=lovelace42'],
    ['active list by last_session', '/api/admin/cirri?list=active&sort=last_session'],
    [`all by username, page ${DEEP + 1}`, deep],
    ['series, 90 days', '/api/admin/series?days=90'],
  ];
  const rows = [];
  try {
    for (const [label, path] of cases) {
      for (let i = 0; i < 5; i++) await get(path);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await get(path);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      rows.push({
        db: name,
        case: label,
        'median ms': +quantile(times, 0.5).toFixed(2),
        'p95 ms': +quantile(times, 0.95).toFixed(2),
      });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { eventsPerSecond: Math.round(EVENTS / seconds), rows };
}

async function main() {
  const url = process.env.DATABASE_URL;
  let result;
  if (url) {
    const scratch = `analytics_bench_${randomUUID().slice(0, 8)}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
    try {
      const target = new URL(url);
      target.pathname = `/${scratch}`;
      const db = createPgDb({ connectionString: target.toString(), applicationName: 'analytics-bench' });
      try {
        result = await run('Postgres', db, Number(process.env.BENCH_WORKERS ?? 8));
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`DROP DATABASE ${scratch} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    const db = await createPgliteDb({});
    try {
      result = await run('PGlite (embedded)', db, Number(process.env.BENCH_WORKERS ?? 1));
    } finally {
      await db.close();
    }
  }
  console.log(
    `\n== analytics: ${CIRRI.toLocaleString('en-US')} cirri, ${EVENTS.toLocaleString('en-US')} events projected at ${result.eventsPerSecond.toLocaleString('en-US')} events/s; ${ROUNDS} calls per case ==`,
  );
  console.table(result.rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
