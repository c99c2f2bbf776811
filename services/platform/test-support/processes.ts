import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root: the nearest folder above this one whose package.json declares the workspaces. */
export const repoRoot: string = (() => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${__dirname}`);
  }
})();

/** A built service's entry point: `services/<name>/dist/main.js` under the repository's root. */
export const serviceEntry = (name: string): string => path.join(repoRoot, 'services', name, 'dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/**
 * Runs a built service (`services/<name>/dist/main.js`) as its own process (on `options.port`, else a free one) and
 * waits until /readyz says ready.
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServiceProcess> {
  // A given port lets a restarted replica come back where its clients reconnect.
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [serviceEntry(name)], {
    // DEV_MAILBOX: identity's tests read their mail at /dev/mailbox (other services ignore it).
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEV_MAILBOX: 'on',
      // A free port each, so that processes of one test never contend for the default 9464.
      METRICS_PORT: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
