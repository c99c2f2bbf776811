import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  appendOutbox,
  createInProcessBus,
  createOutboxRelay,
  eventMessage,
  memoryLimiters,
  migrate,
  outboxMigration,
  pgBusOffsets,
  preloadFromOutboxes,
  type BusMessage,
  type Db,
  type ServiceDefinition,
} from '@vellum/platform';
import { createPgliteDb } from '@vellum/platform-pglite';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  CirrusUnfollowedSchema,
  CirrusVerifiedSchema,
  Topics,
} from '@vellum/proto';
import { createActionService } from '@vellum/action';
import { createSocialService } from '@vellum/social';
import { createVellumService } from '@vellum/vellum';
import { createLinkService } from '@vellum/link';
import { createMessagingService } from '@vellum/messaging';
import { replayEmbeddedService } from '../src/replay';
import { lockDataDir } from '../src/data-dir-lock';

const logger = pino({ level: 'silent' });
/** Identity's and social's events, written here instead of through their APIs. */
const FEED = 'feed';
const config = { internalAuthSecret: 'x'.repeat(48), ratingsRequired: 3 };

/** Messaging's sockets: none here. */
const noSockets = {
  notifyMessage() {},
  notifyRead() {},
  notifyTyping() {},
  notifyChange() {},
  notifyNotification() {},
  endSessions() {},
  endCirrus() {},
  notifyPresence() {},
  presenceOf: async () => new Map(),
};

const services = (db: Db, names: string[]): ServiceDefinition[] =>
  [
    createSocialService({ db, logger, config }),
    createActionService({ db, logger, config }),
    createVellumService({ db, logger, config }),
    // The two on MongoDB in production, on the embedded Postgres here (their MongoDB replays: services/*/test).
    createLinkService({ db, logger, limiters: memoryLimiters, config }),
    // A day after the history's events: its follows are notifications still kept.
    createMessagingService({
      db,
      logger,
      limiters: memoryLimiters,
      realtime: noSockets,
      config,
      clock: () => new Date(at.getTime() + 86_400_000),
    }),
  ].filter((service) => names.includes(service.name));

/** The embedded mode's event wiring (embedded.ts) for these services on a data folder. */
async function open(dataDir: string, names: string[]) {
  const db = await createPgliteDb({ dataDir });
  const defs = services(db, names);
  await migrate(db, FEED, [outboxMigration(FEED)]);
  for (const def of defs) await migrate(db, def.schema, def.migrations);
  const bus = createInProcessBus({ awaitDelivery: true, offsets: await pgBusOffsets(db), logger });
  await preloadFromOutboxes(db, [FEED, ...defs.map((def) => def.schema)], bus);
  const deliveries = new Map<string, number>();
  for (const def of defs) {
    for (const subscription of def.subscriptions) {
      await bus.subscribe({
        ...subscription,
        handler: async (m) => {
          deliveries.set(def.name, (deliveries.get(def.name) ?? 0) + 1);
          await subscription.handler(m);
        },
      });
    }
  }
  const relay = createOutboxRelay({
    db,
    schema: FEED,
    bus,
    logger,
    publishOutsideTransaction: true,
    retentionMs: Infinity,
  });
  return {
    db,
    defs,
    deliveries,
    async write(messages: BusMessage[]) {
      await db.transaction((tx) => appendOutbox(tx, FEED, messages));
      await relay.flush();
    },
    async stopConsumers() {
      await relay.stop();
      await bus.close();
    },
  };
}

const at = new Date('2026-03-01T10:00:00Z');
const identity = (
  payload: { cirrusId: string },
  schema: typeof CirrusCreatedSchema | typeof CirrusVerifiedSchema | typeof CirrusProfileChangedSchema,
) =>
  eventMessage('identity', {
    topic: Topics.identityCirrus,
    aggregateId: payload.cirrusId,
    payloadSchema: schema,
    payload,
    occurredAt: at,
  } as never);

function cirri(count: number) {
  return Array.from({ length: count }, (_, n) => ({ id: randomUUID(), username: `cirrus${n}` }));
}

/** Each cirrus created, verified and renamed; then follows (and some unfollows) between them. */
function history(people: Array<{ id: string; username: string }>, round: number): BusMessage[] {
  const messages: BusMessage[] = [];
  for (const p of people) {
    if (round === 1) {
      messages.push(
        identity(
          { cirrusId: p.id, username: p.username, displayName: p.username } as never,
          CirrusCreatedSchema,
        ),
      );
      messages.push(identity({ cirrusId: p.id, username: p.username } as never, CirrusVerifiedSchema));
    }
    messages.push(
      identity(
        { cirrusId: p.id, username: p.username, displayName: `${p.username} round ${round}` } as never,
        CirrusProfileChangedSchema,
      ),
    );
  }
  people.forEach((follower, i) => {
    const followee = people[(i + round) % people.length]!;
    const follow = {
      followerId: follower.id,
      followerUsername: follower.username,
      followeeId: followee.id,
      followeeUsername: followee.username,
    };
    messages.push(
      eventMessage('social', {
        topic: Topics.socialFollow,
        aggregateId: follower.id,
        payloadSchema: CirrusFollowedSchema,
        payload: follow,
        occurredAt: at,
      }),
    );
    if (i % 3 === 0) {
      messages.push(
        eventMessage('social', {
          topic: Topics.socialFollow,
          aggregateId: follower.id,
          payloadSchema: CirrusUnfollowedSchema,
          payload: follow,
          occurredAt: at,
        }),
      );
    }
  });
  return messages;
}

const SERVICES = ['social', 'action', 'vellum', 'link', 'messaging'];
const TABLES = [
  'social.cirri',
  'action.cirri',
  'action.follows',
  'vellum.authors',
  'vellum.follows',
  'link.pages',
  'messaging.cirri',
  'messaging.notifications',
];
/** The tombstones: their ids (the time is when the projection recorded them). */
const TOMBSTONES = SERVICES.map((name) => `${name}.deleted_cirri`);
async function snapshot(db: Db) {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) tables[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows;
  for (const table of TOMBSTONES) tables[table] = (await db.query(`SELECT id FROM ${table} ORDER BY 1`)).rows;
  const inbox = async (schema: string) =>
    (await db.query(`SELECT consumer, count(*)::int AS n FROM ${schema}.inbox GROUP BY 1 ORDER BY 1`)).rows;
  const inboxes: Record<string, unknown[]> = {};
  for (const name of SERVICES) inboxes[name] = await inbox(name);
  return { tables, inbox: inboxes };
}

describe('event log of the embedded mode with real projections', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-replay-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('catches up services added to an old data folder, and replays each to the same read model, twice', async () => {
    const people = cirri(12);
    const round1 = history(people, 1);
    const identityEvents = (list: BusMessage[]) =>
      list.filter((m) => m.topic === Topics.identityCirrus).length;

    // An old data folder: only social existed when these events were published.
    const before = await open(dataDir, ['social']);
    await before.write(round1.slice(0, 20));
    await before.write(round1.slice(20));
    await before.stopConsumers();
    await before.db.close();

    const now = await open(dataDir, SERVICES);
    const round2 = history(people, 2);
    await now.write(round2);
    // flush() resolved once every group had passed the new events, at the end of the log: action and vellum read
    // it from its first event; social, whose position was saved, only the new ones.
    expect(now.deliveries.get('social')).toBe(identityEvents(round2));
    expect(now.deliveries.get('action')).toBe(round1.length + round2.length);
    expect(now.deliveries.get('vellum')).toBe(round1.length + round2.length);

    const live = await snapshot(now.db);
    expect(live.tables['action.cirri']).toHaveLength(12);
    expect(live.tables['link.pages']).toHaveLength(12);
    expect(live.tables['messaging.cirri']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'cirrus1', display_name: 'cirrus1 round 2', verified: true }),
      ]),
    );
    expect(live.tables['vellum.authors']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'cirrus0', display_name: 'cirrus0 round 2' }),
      ]),
    );
    // Round 1 and 2 follows, less every third follower's unfollows of each round.
    expect(live.tables['action.follows']).toHaveLength(16);
    expect(live.tables['vellum.follows']).toHaveLength(16);
    // Each follow told to its followee (an unfollow takes nothing back).
    expect(live.tables['messaging.notifications']!.length).toBeGreaterThanOrEqual(16);

    // Then one of them is deleted, and a follow of theirs arrives after the deletion.
    const [gone, other] = [people[0]!, people[1]!];
    const late = {
      followerId: other.id,
      followerUsername: other.username,
      followeeId: gone.id,
      followeeUsername: gone.username,
    };
    await now.write([
      eventMessage('identity', {
        topic: Topics.identityCirrus,
        aggregateId: gone.id,
        payloadSchema: CirrusDeletedSchema,
        payload: { cirrusId: gone.id, username: gone.username },
        occurredAt: at,
      }),
      eventMessage('social', {
        topic: Topics.socialFollow,
        aggregateId: other.id,
        payloadSchema: CirrusFollowedSchema,
        payload: late,
        occurredAt: at,
      }),
    ]);
    await now.stopConsumers();
    const kept = await snapshot(now.db);
    for (const table of TABLES) expect(JSON.stringify(kept.tables[table])).not.toContain(gone.id);
    for (const table of TOMBSTONES) expect(kept.tables[table]).toEqual([{ id: gone.id }]);

    for (let run = 1; run <= 2; run++) {
      for (const name of SERVICES) {
        const report = await replayEmbeddedService(now.db, now.defs, name, logger, [FEED]);
        expect(report.projections.map((p) => p.parked)).toEqual(report.projections.map(() => 0));
      }
      expect(await snapshot(now.db)).toEqual(kept);
    }
    await expect(replayEmbeddedService(now.db, now.defs, 'nope\u0007', logger)).rejects.toThrow(
      'No service named "nope?": one of social, action, vellum, link, messaging',
    );
    await now.db.close();
  }, 180_000);

  it('lets one process at a time hold a data folder, and takes over a lock whose process is gone', async () => {
    const lock = await lockDataDir(dataDir, 'the embedded product');
    await expect(lockDataDir(dataDir, 'npm run replay')).rejects.toThrow(
      `The data folder ${dataDir} is in use by process ${process.pid} (the embedded product): stop it first`,
    );
    await lock.release();
    const { writeFile } = await import('node:fs/promises');
    // No process has this id (above the kernel's pid_max).
    await writeFile(path.join(dataDir, 'vellum.lock'), '99999999\nsomething\n');
    const again = await lockDataDir(dataDir, 'npm run replay');
    await again.release();
  });
});
