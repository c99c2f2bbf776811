import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
/** The embedded product; VELLUM_PRODUCT_ENTRY points the tests at another build of it. */
export const PRODUCT_ENTRY =
  process.env.VELLUM_PRODUCT_ENTRY ?? path.join(REPO_ROOT, 'services/all-in-one/dist/main.js');
export const SHELL_DIST = path.join(REPO_ROOT, 'frontends/shell/dist');
/**
 * Screenshots of the main screens, kept after the run for a reviewer. A normal run writes them to the ignored
 * `.tmp/screenshots`; E2E_UPDATE_SCREENSHOTS=1 refreshes the reviewed copies committed under `screenshots/`.
 */
export const SCREENSHOTS_DIR = process.env.E2E_UPDATE_SCREENSHOTS
  ? path.join(REPO_ROOT, 'frontends/e2e/screenshots')
  : path.join(REPO_ROOT, '.tmp/screenshots');
