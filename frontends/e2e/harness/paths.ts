import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const PRODUCT_ENTRY = path.join(REPO_ROOT, 'services/all-in-one/dist/main.js');
export const SHELL_DIST = path.join(REPO_ROOT, 'frontends/shell/dist');
/** Screenshots of the main screens, kept after the run for a reviewer. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'frontends/e2e/screenshots');
