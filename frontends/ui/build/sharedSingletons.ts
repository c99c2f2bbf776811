import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the shell and every remote share, each as a singleton: one React, one router (the shell's data router,
 * whose blockers the editor's leave-page prompt uses), one query client (so the top bar's badge refreshes when an
 * action changes) and one @vellum/ui (session, toasts, auth modals). None is eager: each loads when the first page
 * that needs it does. Standalone, a remote falls back to its own copies.
 */
export interface SharedSingletonsOptions {
  /** The build's own package.json dependencies: the versions are the ranges it accepts. */
  dependencies: Record<string, string>;
  /**
   * The host only: the module it provides as react-router-dom, and the package version that module stands for
   * (frontends/shell/federation.shared.ts). Remotes keep the package itself as their fallback.
   */
  routerProvider?: { import: string; version: string };
}

export function sharedSingletons({ dependencies, routerProvider }: SharedSingletonsOptions) {
  const singleton = (name: string) => ({ singleton: true, requiredVersion: dependencies[name] });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom': routerProvider
      ? { ...singleton('react-router-dom'), ...routerProvider }
      : singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@vellum/ui': singleton('@vellum/ui'),
  };
}

/** The `dependencies` of the package.json in `dir` (a workspace folder). */
export function packageDependencies(dir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return pkg.dependencies ?? {};
}
