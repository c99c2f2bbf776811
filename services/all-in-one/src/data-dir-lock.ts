import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** Held while a process uses a data folder; `release` gives it back. */
export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Takes `<dataDir>/vellum.lock` for this process: PGlite is one process's database, so the product and
 * `npm run replay` must never open the same folder together. A lock left by a process that is gone is taken over.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'vellum.lock');
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n${purpose}\n`);
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, holder] = (await readFile(file, 'utf8').catch(() => '')).split('\n');
      if (isRunning(Number(pid))) {
        throw new Error(
          `The data folder ${dataDir} is in use by process ${pid} (${(holder ?? '').replace(/[^\x20-\x7e]/g, '?')}): ` +
            'stop it first (PGlite is one process database)',
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
