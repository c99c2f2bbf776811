import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventMessage } from '@vellum/platform';
import { connectMongo, mongoParkedEvents } from '@vellum/platform-mongo';
import { describeWithServer, repoRoot } from '@vellum/platform/test-support';
import { CirrusCreatedSchema, Topics } from '@vellum/proto';

const run = promisify(execFile);

/** `npm run parked -- --mode distributed <args>` with the environment link's pod has: its exit status and output. */
async function parkedCommand(env: Record<string, string>, args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(repoRoot, 'scripts/parked.mjs'), '--mode', 'distributed', ...args],
      { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describeWithServer('MONGO_URL', 'npm run parked on the link service in distributed mode (MongoDB)', (url) => {
  it('lists the events its projection parked and replays them through its entry (`main.js --parked`)', async () => {
    const name = `link_parked_cli_${randomUUID().slice(0, 8)}`;
    const mongo = await connectMongo({ url, appName: 'link-parked-cli' });
    const database = mongo.client.db(name);
    const env = {
      MONGO_URL: `${url.replace(/\/[^/]*$/, '')}/${name}`,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:1',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:1',
      INTERNAL_AUTH_SECRET: 'i'.repeat(48),
    };
    try {
      const id = randomUUID();
      const event = eventMessage('identity', {
        topic: Topics.identityCirrus,
        aggregateId: id,
        payloadSchema: CirrusCreatedSchema,
        payload: { cirrusId: id, username: `cli${id.slice(0, 6)}`, displayName: 'Parked on Mongo' },
        occurredAt: new Date(),
      });
      await mongoParkedEvents(database).park({
        group: 'link',
        message: event,
        error: new Error('no page yet'),
        attempts: 8,
      });

      const listed = await parkedCommand(env, ['list', 'link']);
      expect(listed.status).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual(
        expect.objectContaining({ id: event.id, group: 'link', attempts: 8 }),
      );

      const replayed = await parkedCommand(env, ['replay', 'link', event.id]);
      expect(replayed.status).toBe(0);
      expect(JSON.parse(replayed.stdout)).toEqual({ id: event.id, group: 'link', replayed: true });
      expect(await mongoParkedEvents(database).list()).toEqual([]);
      expect(await database.collection('cirri').findOne({ _id: id as never })).toEqual(
        expect.objectContaining({ username: `cli${id.slice(0, 6)}`, displayName: 'Parked on Mongo' }),
      );

      const wrong = await parkedCommand(env, ['replay', 'link', 'not-an-id']);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain('"not-an-id" is not an event id; usage: --parked list [group]');
    } finally {
      await database.dropDatabase();
      await mongo.close();
    }
  }, 60_000);
});
