import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
/** The embedded product; VELLUM_PRODUCT_ENTRY points the tests at another build of it. */
export const PRODUCT_ENTRY =
  process.env.VELLUM_PRODUCT_ENTRY ?? path.join(REPO_ROOT, 'services/all-in-one/dist/main.js');
export const SHELL_DIST = path.join(REPO_ROOT, 'frontends/shell/dist');
/** Screenshots of the main screens, kept after the run for a reviewer. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'frontends/e2e/screenshots');
