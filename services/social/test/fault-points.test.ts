import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describeWithServer, serviceEntry, startServiceProcess } from '@vellum/platform/test-support';

/** Runs social's built entry with `env` and stores nobody listens for (port 1): the refusal comes first. */
const startFails = (env: Record<string, string>) =>
  spawnSync(process.execPath, [serviceEntry('social')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: 'postgres://vellum@127.0.0.1:1/vellum',
      KAFKA_BROKERS: '127.0.0.1:1',
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });

/** The fault drills' handle (FAULT_POINTS) on a real service process: absent unless turned on, refused in production. */
describe('fault points on a service process', () => {
  it('refuses FAULT_POINTS=on with NODE_ENV=production: the process stops before it connects to anything', () => {
    const run = startFails({ NODE_ENV: 'production', FAULT_POINTS: 'on' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'social failed to start: Error: FAULT_POINTS=on is refused with NODE_ENV=production',
    );
  }, 40_000);

  it("refuses a FAULT_POINTS that is not 'on' or 'off', naming it", () => {
    const run = startFails({ FAULT_POINTS: 'yes' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FAULT_POINTS.*must be 'on' or 'off'/);
  }, 40_000);

  describeWithServer('DATABASE_URL', 'without FAULT_POINTS', (databaseUrl) => {
    describeWithServer('KAFKA_BROKERS', 'on Kafka', (brokers) => {
      it('serves no fault point: the path is an ordinary 404', async () => {
        const social = await startServiceProcess('social', {
          DATABASE_URL: databaseUrl,
          KAFKA_BROKERS: brokers,
          INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        });
        try {
          const res = await fetch(`${social.url}/internal/fault-points/outbox-before-publish`, {
            method: 'POST',
          });
          expect(res.status).toBe(404);
          expect(await fetch(`${social.url}/readyz`).then((r) => r.status)).toBe(200);
        } finally {
          expect(await social.stop()).toBe(0);
        }
      }, 60_000);
    });
  });
});
