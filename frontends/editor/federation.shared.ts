import pkg from './package.json';

const deps = pkg.dependencies as Record<string, string>;

/**
 * What the editor shares with the shell, each as a singleton: one React, one router (the shell's data router,
 * whose blockers the leave-page prompt uses), one query client and one @vellum/ui (session, toasts, auth modals).
 * The same keys as the shell's federation.shared.ts (test/federation.test.ts checks it); the versions are the
 * ranges this remote accepts. Standalone, the remote falls back to its own copies.
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

/** The pages the shell mounts (frontends/shell/src/app/routes.tsx), each the default export of its module. */
export const EXPOSED_PAGES = {
  './VellumListPage': './src/pages/VellumListPage.tsx',
  './PublicVellumListPage': './src/pages/PublicVellumListPage.tsx',
  './NewVellumPage': './src/pages/NewVellumPage.tsx',
  './VellumPage': './src/pages/VellumPage.tsx',
  './DiscoverPage': './src/pages/DiscoverPage.tsx',
  './ConversationVellumPage': './src/pages/ConversationVellumPage.tsx',
} as const;
