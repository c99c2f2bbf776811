import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '@vellum/platform';
import { embeddedEnv } from '../src/config';
import { startEmbedded, type Embedded } from '../src/embedded';

/** Starts the embedded product on a free port with its own data folder. */
export async function startTestProduct(env: Record<string, string> = {}, dataDir?: string) {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'vellum-embedded-'));
  const product: Embedded = await startEmbedded(
    parseConfig(embeddedEnv, {
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // The tests read their mail there, as a person running `npm start` does.
      DEV_MAILBOX: 'on',
      ...env,
    }),
  );
  return {
    url: product.url,
    metricsUrl: `http://127.0.0.1:${product.metricsPort}/metrics`,
    dataDir: dir,
    stop: () => product.stop(),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

type TestProduct = Awaited<ReturnType<typeof startTestProduct>>;

/** `describe` with one embedded product started for the block and removed after it; `body` reads its URL (or it). */
export function describeEmbedded(
  title: string,
  body: (url: () => string, product: () => TestProduct) => void,
): void {
  describe(title, () => {
    let product: TestProduct | undefined;
    beforeAll(async () => {
      product = await startTestProduct();
    }, 60_000);
    afterAll(async () => {
      await product?.stop();
      product?.remove();
    });

    body(
      () => product!.url,
      () => product!,
    );
  });
}
