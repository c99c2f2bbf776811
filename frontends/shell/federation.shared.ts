import path from 'node:path';
import { sharedSingletons as singletons } from '@vellum/ui/build/shared';
import pkg from './package.json';
import routerPkg from 'react-router-dom/package.json';

/**
 * One copy of each in the page, shared with every remote (the list is @vellum/ui/build's); a remote must accept
 * these versions. None is eager: each loads when the first page that needs it does (react-query, for instance, is
 * not on the welcome page).
 *
 * The shell (`role: 'host'`) provides react-router-dom as its client-side API only
 * (src/federation/shared/react-router-dom.ts); remotes keep the package as their fallback for standalone runs.
 */
export function sharedSingletons(role: 'host' | 'remote' = 'remote') {
  return singletons({
    dependencies: pkg.dependencies as Record<string, string>,
    routerProvider:
      role === 'host'
        ? {
            import: path.join(__dirname, 'src/federation/shared/react-router-dom.ts'),
            version: routerPkg.version,
          }
        : undefined,
  });
}
