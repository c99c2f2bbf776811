import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startProduct, type RunningProduct } from './product';

export interface ProductAndBrowser {
  /** The embedded product started for this test file (throws before `beforeAll` has run). */
  product(): RunningProduct;
  /** The Chromium launched for this test file (throws before `beforeAll` has run). */
  browser(): Browser;
}

type Env = Record<string, string>;

/**
 * The set-up of every browser test file: in `beforeAll` start the embedded product (a free port, a fresh data
 * directory) and launch Chromium, side by side; in `afterAll` close the browser (and every context in it) and
 * stop the product. Call it once at the top of the file, before the file's own hooks: jest runs hooks in the
 * order they are declared, so a file's `beforeAll` finds both running and its `afterAll` runs after they stop.
 * `env` (or a function returning it, awaited in `beforeAll`) is added to the product's environment.
 */
export function useProductAndBrowser(env: Env | (() => Env | Promise<Env>) = {}): ProductAndBrowser {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const productEnv = typeof env === 'function' ? await env() : env;
    const [started, launched] = await Promise.allSettled([startProduct(productEnv), launchBrowser()]);
    if (started.status === 'fulfilled') product = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  return {
    product() {
      if (!product) throw new Error('The product is not running: call product() inside a test or hook.');
      return product;
    },
    browser() {
      if (!browser) throw new Error('The browser is not running: call browser() inside a test or hook.');
      return browser;
    },
  };
}
