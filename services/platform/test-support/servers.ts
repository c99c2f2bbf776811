/**
 * Tests against real servers take their address from the environment (`~/.cache/vellum/run/env.sh` when the
 * servers were started by scripts/servers). Without it the suite is skipped locally, but under CI=true it fails:
 * in CI a missing server is an error, never a silent skip.
 */
export type ServerVariable = 'DATABASE_URL' | 'KAFKA_BROKERS' | 'REDIS_URL' | 'MONGO_URL';

export function isCi(): boolean {
  const ci = (process.env.CI ?? '').toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0';
}

export function serverUrl(variable: ServerVariable): string | undefined {
  const value = process.env[variable]?.trim();
  return value ? value : undefined;
}

/** `describe` that runs `body(url)` when `variable` is set; otherwise skips, or fails under CI. */
export function describeWithServer(
  variable: ServerVariable,
  title: string,
  body: (url: string) => void,
): void {
  const url = serverUrl(variable);
  if (url) {
    describe(title, () => body(url));
  } else if (isCi()) {
    describe(title, () => {
      it(`needs ${variable}`, () => {
        throw new Error(`${variable} is not set, and CI=true requires the real server for "${title}"`);
      });
    });
  } else {
    describe.skip(`${title} (set ${variable} to run)`, () => {
      it(`needs ${variable}`, () => undefined);
    });
  }
}
