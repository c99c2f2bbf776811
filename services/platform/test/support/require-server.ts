/**
 * A suite that needs a real server runs when its URL is in the environment. Without it the suite is skipped on a
 * developer's machine, and fails under CI=true: in CI a missing server is a broken setup, never a pass.
 */
export function describeWithServer(
  variable: 'DATABASE_URL' | 'REDIS_URL' | 'KAFKA_BROKERS' | 'MONGO_URL',
  name: string,
  body: (url: string) => void,
): void {
  const url = process.env[variable];
  if (url) {
    describe(`${name} (${variable})`, () => body(url));
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${variable}`, () => {
        throw new Error(`${variable} is not set: CI must start the real server before the tests.`);
      });
    });
  } else {
    describe.skip(`${name} (set ${variable} to run)`, () => body(''));
  }
}
