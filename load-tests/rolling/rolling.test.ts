import { describeWithServer } from '@vellum/platform/test-support';
import { report, rollingRestart, type RollingResult } from './rolling';

// Every service restarted one by one, as its Deployment rolls (maxSurge 1, maxUnavailable 0, preStop, SIGTERM
// drain), while k6 runs visitors' reads, discovery and signed-in create + save through the gateway: not one request
// may fail. By default one round of restarts (the CI run); ROLLING_DURATION (seconds) runs k6 that long, restarting
// round after round: `npm run load:rolling -- --duration 60s`.
const durationS = process.env.ROLLING_DURATION ? Number(process.env.ROLLING_DURATION) : undefined;

describeWithServer('DATABASE_URL', 'rolling restart of every service under load', () => {
  let result: RollingResult;
  const lines: string[] = [];

  beforeAll(
    async () => {
      const redisUrl = process.env.REDIS_URL;
      const kafkaBrokers = process.env.KAFKA_BROKERS;
      if (!redisUrl || !kafkaBrokers)
        throw new Error('REDIS_URL and KAFKA_BROKERS must be set with DATABASE_URL');
      result = await rollingRestart({
        servers: {
          databaseUrl: process.env.DATABASE_URL!,
          redisUrl,
          kafkaBrokers,
          mongoUrl: process.env.MONGO_URL,
        },
        durationS,
        log: (line) => {
          lines.push(`${new Date().toISOString()} ${line}`);
          if (process.env.ROLLING_VERBOSE) process.stderr.write(`${lines.at(-1)}\n`);
        },
      });
      process.stdout.write(`${report(result)}\n`);
      if (result.diagnostics.length) process.stdout.write(`${result.diagnostics.join('\n')}\n`);
    },
    240_000 + (durationS ?? 0) * 1500,
  );

  it('replaced every service pod, each draining and exiting 0 within its grace period', () => {
    const components = new Set(result.steps.map((s) => s.component));
    expect([...components].sort()).toEqual(
      expect.arrayContaining(['action', 'gateway', 'identity', 'social', 'vellum']),
    );
    for (const step of result.steps)
      expect({ ...step, exitCode: step.exitCode }).toMatchObject({ exitCode: 0 });
    for (const [name, codes] of Object.entries(result.exitCodes))
      expect({ name, codes }).toEqual({ name, codes: [0] });
  });

  it('answered every request of the journey: 0 failed', () => {
    expect(result.requests).toBeGreaterThan(result.durationS * 10);
    const failures = result.k6Output
      .split('\n')
      .filter((line) => line.includes('FAILED'))
      .slice(0, 20);
    expect({ failed: result.failed, unexpected: result.unexpected, failures }).toEqual({
      failed: 0,
      unexpected: 0,
      failures: [],
    });
    expect(result.k6Exit).toBe(0);
  });

  afterAll(() => {
    if (lines.length && !process.env.ROLLING_VERBOSE) process.stdout.write(`${lines.join('\n')}\n`);
  });
});
