import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_ENTRY, REPO_ROOT, SHELL_DIST } from './paths';

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
  /** Everything the process printed, for failure messages. */
  output(): string;
}

const START_TIMEOUT_MS = 60_000;

/**
 * Starts the embedded product (`node services/all-in-one/dist/main.js`) on a free port with a fresh data
 * directory and waits for its "listening on" line.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  for (const [what, file] of [
    ['the embedded product (run `npm run build` at the root)', PRODUCT_ENTRY],
    ['the shell (run `npm run build -w @vellum/shell`)', path.join(SHELL_DIST, 'index.html')],
  ]) {
    if (!existsSync(file!)) throw new Error(`Missing ${what}: ${file} does not exist.`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vellum-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [PRODUCT_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // The 'listening on' line is an info log.
      LOG_LEVEL: 'info',
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The browser tests sign in and check handles far more often than a person would.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // The tests read their mail at /dev/mailbox; a production run (the budget) has none.
      DEV_MAILBOX: env.NODE_ENV === 'production' ? 'off' : 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The product did not start in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The product exited with code ${code} before listening:\n${output}`));
    });
  });
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
