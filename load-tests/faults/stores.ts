import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SERVERS = path.resolve(__dirname, '../../scripts/servers');

/** The servers scripts/servers/ runs, by the name its scripts use. */
export const STORES = ['postgres', 'redis', 'kafka', 'ferretdb'] as const;
export type StoreName = (typeof STORES)[number];

/**
 * The writes of writes.js that need each store to be acknowledged: every write passes the gateway's session lookup
 * (Redis); the rest by the service that takes it. Kafka is behind the outboxes: no write waits for it.
 */
export const WRITES_ON: Record<StoreName, readonly string[]> = {
  postgres: ['vellum', 'save', 'action', 'follow', 'unfollow', 'profile'],
  redis: [
    'vellum',
    'save',
    'action',
    'follow',
    'unfollow',
    'profile',
    'link',
    'colour',
    'click',
    'message',
    'read',
  ],
  kafka: [],
  ferretdb: ['link', 'colour', 'click', 'message', 'read'],
};

/** Stops one of the test servers (scripts/servers/down.sh <name>): the process ends, its port closes. */
export async function stopStore(name: StoreName): Promise<void> {
  await run('bash', [path.join(SERVERS, 'down.sh'), name], { timeout: 60_000 });
}

/** Starts it again with its own script, which returns once it answers (scripts/servers/<name>.sh). */
export async function startStore(name: StoreName): Promise<void> {
  await run('bash', [path.join(SERVERS, `${name}.sh`)], { timeout: 180_000 });
}
