import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventMessage, postgresParkedEvents } from '@vellum/platform';
import { expectParksAndReplays, repoRoot } from '@vellum/platform/test-support';
import { CirrusCreatedSchema, Topics } from '@vellum/proto';
import { embeddedEnv } from '../src/config';
import { startEmbedded } from '../src/embedded';
import { serviceNamed } from '../src/replay';

const run = promisify(execFile);
const PARKED_MAIN = path.join(repoRoot, 'services/all-in-one/dist/parked-main.js');

/** `npm run parked -- <args>` on the data folder: its exit status and output. */
async function parkedCommand(dataDir: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [PARKED_MAIN, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('parked events in the embedded product', () => {
  let dataDir: string;
  const env = () => embeddedEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-parked-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('every service parks what its projections keep failing, and resets them for a replay', async () => {
    const names = await startEmbedded(env(), {
      name: 'test',
      run: async (db, services) => {
        for (const service of services)
          await expectParksAndReplays(service, postgresParkedEvents(db, service.schema));
        return services.map((service) => service.name);
      },
    });
    expect(names).toEqual(['identity', 'vellum', 'social', 'action', 'link', 'messaging', 'analytics']);
  });

  it('`npm run parked` lists a parked event and replays it through the service, with the product stopped', async () => {
    const id = randomUUID();
    const event = eventMessage('identity', {
      topic: Topics.identityCirrus,
      aggregateId: id,
      payloadSchema: CirrusCreatedSchema,
      payload: { cirrusId: id, username: `parked${id.slice(0, 6)}`, displayName: 'Parked Page' },
      occurredAt: new Date(),
    });
    // As the bus parks it when link's projection keeps failing on it.
    await startEmbedded(env(), {
      name: 'test',
      run: async (_db, services) => {
        const [projection] = serviceNamed(services, 'link').subscriptions;
        await projection!.park!({
          group: 'link',
          message: event,
          error: new Error('no page yet'),
          attempts: 8,
        });
      },
    });

    const listed = await parkedCommand(dataDir, ['list', 'link']);
    expect(listed.status).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      expect.objectContaining({ id: event.id, group: 'link', topic: Topics.identityCirrus, attempts: 8 }),
    ]);
    expect(listed.stderr).toContain('1 parked event(s)');
    expect((await parkedCommand(dataDir, ['list', 'social'])).stdout).toBe('');

    const replayed = await parkedCommand(dataDir, ['replay', 'link', event.id]);
    expect(replayed).toEqual(
      expect.objectContaining({
        status: 0,
        stdout: `${JSON.stringify({ id: event.id, group: 'link', replayed: true })}\n`,
      }),
    );
    expect(replayed.stderr).toContain('1 replayed, 0 still parked');
    expect((await parkedCommand(dataDir, ['list', 'link'])).stdout).toBe('');
    const page = await startEmbedded(env(), {
      name: 'test',
      run: async (db) =>
        (await db.query('SELECT username, display_name FROM link.pages WHERE owner_id = $1', [id])).rows,
    });
    expect(page).toEqual([{ username: `parked${id.slice(0, 6)}`, display_name: 'Parked Page' }]);
  }, 60_000);

  it('refuses a malformed command with its usage, and an unknown service by name, changing nothing', async () => {
    const notAnId = await parkedCommand(dataDir, ['replay', 'link', 'x\u0007y']);
    expect(notAnId.status).toBe(2);
    expect(notAnId.stderr).toContain('"x?y" is not an event id');
    expect(notAnId.stderr).toContain('Usage: npm run parked -- list <service> [group]');
    const unknown = await parkedCommand(dataDir, ['forget', 'link']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "forget"');
    const noService = await parkedCommand(dataDir, ['list', 'nope']);
    expect(noService.status).toBe(1);
    expect(noService.stderr).toContain('No service named "nope": one of identity, vellum, social');
  }, 30_000);
});
