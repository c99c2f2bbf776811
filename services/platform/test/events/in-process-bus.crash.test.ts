import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate';
import { createPgliteDb } from '@vellum/platform-pglite';
import { inboxMigration } from '../../src/events/inbox';
import { outboxMigration } from '../../src/events/outbox';

const FIXTURE = path.join(__dirname, 'fixtures/embedded-consumers.cjs');

/** Runs the fixture until its stdout holds every line of `until`, then SIGKILLs it (or, without, until it exits). */
function runFixture(
  args: string[],
  until?: string[],
): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until?.every((line) => stdout.includes(`${line}\n`))) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ signal, stdout });
      else reject(new Error(`fixture exited with code ${code}:\n${stderr}`));
    });
  });
}

describe('embedded event path: a process killed while consumers are still handling an event', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-embedded-crash-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers the event again on restart: the group that had applied it drops the repeat, the other applies it once', async () => {
    const schema = 'crash';
    const topic = 'crash.notes.v1';
    const eventId = randomUUID();
    const key = 'note-1';

    const setup = await createPgliteDb({ dataDir });
    await migrate(setup, schema, [
      {
        id: '0001_notes',
        sql: `CREATE TABLE ${schema}.notes (id text PRIMARY KEY);
              CREATE TABLE ${schema}.applied (consumer text, note text, times int NOT NULL,
                                              PRIMARY KEY (consumer, note))`,
      },
      outboxMigration(schema),
      inboxMigration(schema),
    ]);
    await setup.close();

    const args = [dataDir, schema, topic, eventId, key];
    const crashed = await runFixture(['crash', ...args], ['fast-applied', 'slow-handling']);
    expect(crashed.signal).toBe('SIGKILL');

    const afterCrash = await createPgliteDb({ dataDir });
    try {
      // The relay had not marked the row: publish waits for every group, and "slow" never finished.
      expect((await afterCrash.query(`SELECT published_at FROM ${schema}.outbox`)).rows).toEqual([
        { published_at: null },
      ]);
      expect((await afterCrash.query(`SELECT consumer, times FROM ${schema}.applied`)).rows).toEqual([
        { consumer: 'fast', times: 1 },
      ]);
    } finally {
      await afterCrash.close();
    }

    const recovered = await runFixture(['recover', ...args]);
    expect(recovered.stdout).toContain('recovered\n');

    const db = await createPgliteDb({ dataDir });
    try {
      const applied = await db.query(`SELECT consumer, times FROM ${schema}.applied ORDER BY consumer`);
      expect(applied.rows).toEqual([
        { consumer: 'fast', times: 1 },
        { consumer: 'slow', times: 1 },
      ]);
      const outbox = await db.query(`SELECT published_at IS NOT NULL AS published FROM ${schema}.outbox`);
      expect(outbox.rows).toEqual([{ published: true }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
