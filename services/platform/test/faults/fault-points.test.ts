import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '@vellum/platform-pglite';
import { migrate } from '../../src/db/migrate';
import { appendOutbox, outboxMigration } from '../../src/events/outbox';
import { faultPointsRouter, type FaultPoint } from '../../src/faults/fault-points';

const FIXTURE = path.join(__dirname, 'fixtures/relay-process.cjs');
const schema = 'faults';

interface RelayProcess {
  child: ChildProcess;
  port: number;
  /** Publishes every pending row; resolves with the exit: code 0, or the signal of a fault point. */
  go(): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>;
}

function startRelay(dataDir: string, publishedFile: string): Promise<RelayProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE, dataDir, schema, publishedFile], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>(
      (done) => child.once('exit', (code, signal) => done({ code, signal, stdout })),
    );
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const port = /^port (\d+)$/m.exec(stdout)?.[1];
      if (port)
        resolve({
          child,
          port: Number(port),
          go: () => {
            child.stdin!.write('go\n');
            return exited;
          },
        });
    });
    void exited.then(({ code }) =>
      reject(new Error(`the relay exited with ${code} before listening:\n${stderr}`)),
    );
  });
}

const arm = (relay: RelayProcess, point: string) =>
  fetch(`http://127.0.0.1:${relay.port}/internal/fault-points/${point}`, { method: 'POST' });

describe('fault points: a relay killed between its commit and its publish, and between its publish and its mark', () => {
  let dataDir: string;
  let publishedFile: string;
  const ids = [randomUUID(), randomUUID(), randomUUID()];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vellum-fault-points-'));
    publishedFile = path.join(dataDir, 'published.txt');
    const db = await createPgliteDb({ dataDir: path.join(dataDir, 'pg') });
    await migrate(db, schema, [outboxMigration(schema)]);
    await db.transaction((tx) =>
      appendOutbox(
        tx,
        schema,
        ids.map((id) => ({
          id,
          topic: 'faults.notes.v1',
          key: 'k',
          type: 'vellum.test.v1.Note',
          value: Buffer.from(id),
        })),
      ),
    );
    await db.close();
    dataDir = path.join(dataDir, 'pg');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  const published = () =>
    existsSync(publishedFile) ? readFileSync(publishedFile, 'utf8').split('\n').filter(Boolean) : [];
  const unpublished = async () => {
    const db = await createPgliteDb({ dataDir });
    try {
      return (
        await db.query<{ id: string }>(
          `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL ORDER BY seq`,
        )
      ).rows.map((r) => r.id);
    } finally {
      await db.close();
    }
  };

  const killedAt = async (point: FaultPoint) => {
    const relay = await startRelay(dataDir, publishedFile);
    expect((await arm(relay, point)).status).toBe(204);
    const end = await relay.go();
    expect({ signal: end.signal, stdout: end.stdout }).toEqual({
      signal: 'SIGKILL',
      stdout: expect.not.stringContaining('published'),
    });
  };
  const recovered = async () => {
    const relay = await startRelay(dataDir, publishedFile);
    const end = await relay.go();
    expect({ code: end.code, published: /published (\d+)/.exec(end.stdout)?.[1] }).toEqual({
      code: 0,
      published: '3',
    });
  };

  it('before the publish: nothing went out, every row stays pending, and the restarted relay publishes each once', async () => {
    await killedAt('outbox-before-publish');
    expect(published()).toEqual([]);
    expect(await unpublished()).toEqual(ids);
    await recovered();
    expect(published()).toEqual(ids);
    expect(await unpublished()).toEqual([]);
  }, 60_000);

  it('after the publish: the rows stay pending, and the restarted relay publishes them again (consumers drop the repeat by id)', async () => {
    await killedAt('outbox-after-publish');
    expect(published()).toEqual(ids);
    expect(await unpublished()).toEqual(ids);
    await recovered();
    expect(published()).toEqual([...ids, ...ids]);
    expect(await unpublished()).toEqual([]);
  }, 60_000);

  it('refuses an unknown point with the platform error shape and keeps running', async () => {
    const relay = await startRelay(dataDir, publishedFile);
    const res = await arm(relay, 'somewhere-else');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "No fault point 'somewhere-else': one of outbox-before-publish, outbox-after-publish.",
      code: 'invalid',
    });
    const end = await relay.go();
    expect(end.code).toBe(0);
    expect(published()).toEqual(ids);
  }, 60_000);

  it('is refused in production: the process does not start', () => {
    expect(() => faultPointsRouter('production')).toThrow(
      'FAULT_POINTS=on is refused with NODE_ENV=production',
    );
  });
});
