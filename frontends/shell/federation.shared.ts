import path from 'node:path';
import pkg from './package.json';
import routerPkg from 'react-router-dom/package.json';

const deps = pkg.dependencies as Record<string, string>;

/**
 * One copy of each in the page, shared with every remote; a remote must accept these versions. None is eager:
 * each loads when the first page that needs it does (react-query, for instance, is not on the welcome page).
 *
 * The shell (`role: 'host'`) provides react-router-dom as its client-side API only
 * (src/federation/shared/react-router-dom.ts); remotes keep the package as their fallback for standalone runs.
 */
export function sharedSingletons(role: 'host' | 'remote' = 'remote') {
  const singleton = (name: string) => ({ singleton: true, requiredVersion: deps[name] });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom':
      role === 'host'
        ? {
            ...singleton('react-router-dom'),
            import: path.join(__dirname, 'src/federation/shared/react-router-dom.ts'),
            version: routerPkg.version,
          }
        : singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@vellum/ui': singleton('@vellum/ui'),
  };
}
