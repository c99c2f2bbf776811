import pkg from './package.json';

const deps = pkg.dependencies as Record<string, string>;

/**
 * What the actions remote shares with the shell, each as a singleton: one React, one router, one query client (so
 * the top bar's badge refreshes when an action changes) and one @vellum/ui (session, toasts). The same keys as the
 * shell's federation.shared.ts (test/federation.test.ts checks it). Standalone, the remote uses its own copies.
 */
export function sharedSingletons() {
  const singleton = (name: string) => ({ singleton: true, requiredVersion: deps[name] });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@vellum/ui': singleton('@vellum/ui'),
  };
}

/**
 * What the shell mounts, each the default export of its module: the actions page (frontends/shell/src/app/routes.tsx)
 * and the New Action Request modal of the owner's followers page.
 */
export const EXPOSED_MODULES = {
  './ActionsPage': './src/pages/ActionsPage.tsx',
  './ActionRequestModal': './src/requests/ActionRequestModal.tsx',
} as const;
