import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@vellum/e2e/topology';

export const K6 = process.env.K6_PATH ?? path.join(os.homedir(), '.cache/vellum/bin/k6');

export interface K6Process {
  /** Everything k6 printed so far. */
  output(): string;
  /** k6's exit code; 0 for a run stopped through `stop()` (k6 itself exits 103 then). */
  exited: Promise<number | null>;
  /** Stops the run through k6's REST API (the requests in flight are cancelled) and waits for its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs a k6 script in the background with `env` over this process's, its REST API on a port of its own (other k6
 * runs may hold the default one), for a drill that decides itself when the load ends.
 */
export async function startK6(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<K6Process> {
  const api = `127.0.0.1:${await freePort()}`;
  const k6 = spawn(K6, ['run', '--quiet', '--no-color', '--address', api, ...args, script], {
    env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  k6.stdout.on('data', (d) => (output += d));
  k6.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => k6.once('exit', (code) => resolve(code)));
  let stopped = false;
  return {
    output: () => output,
    exited: exited.then((code) => (stopped && code === 103 ? 0 : code)),
    async stop() {
      stopped = true;
      const res = await fetch(`http://${api}/v1/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { stopped: true } } }),
      });
      if (!res.ok) throw new Error(`k6 did not stop: ${res.status} ${await res.text()}`);
      const code = await exited;
      return code === 103 ? 0 : code;
    },
  };
}
