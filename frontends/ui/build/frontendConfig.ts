import path from 'node:path';
import { mergeRsbuildConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

/** The gateway `rsbuild dev` proxies the API to. */
/** proto's sources: a frontend bundles them rather than the services' CommonJS build. */
const protoSources = path.resolve(__dirname, '../../../proto/src');

export const gateway = process.env.VELLUM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export interface FrontendConfigOptions {
  /** Module Federation: the name (a remote's key in the gateway's /config.json), shared modules, exposes… */
  federation: ModuleFederationOptions & { name: string };
  /** The dev server's port; `<NAME>_DEV_PORT` (SHELL_DEV_PORT, EDITOR_DEV_PORT…) overrides it. */
  port: number;
  /** What this app adds to or changes in the common config (deep-merged, as rsbuild merges configs). */
  rsbuild?: RsbuildConfig;
}

/**
 * Who carries the Module Federation runtime (about 18 KB gzipped): the host alone. A build that exposes nothing
 * (the shell) provides its runtime to the remotes it loads (`provideExternalRuntime`: its runtime-core on
 * `globalThis._FEDERATION_RUNTIME_CORE`, before any remote's entry runs); a remote's production build
 * (`rsbuild build`) uses it instead of bundling its own (`externalRuntime`), which keeps its entry under the 30 KB
 * budget (`npm run budget -w @vellum/e2e`). Its standalone dev app (`rsbuild dev`, no shell) keeps the runtime
 * bundled; the index.html of its dist/ runs only under the shell. The host's runtime-core then serves every remote's bundler runtime: the shell and the remotes must be
 * built with the same @module-federation version (one lockfile), so a remote deployed alone must not move it.
 */
function federationRuntime(federation: ModuleFederationOptions): ModuleFederationOptions['experiments'] {
  const exposes = federation.exposes;
  const isRemote = Array.isArray(exposes) ? exposes.length > 0 : Object.keys(exposes ?? {}).length > 0;
  // rsbuild sets NODE_ENV from the command (build: production, dev: development) before it loads the config.
  if (isRemote) return { externalRuntime: process.env.NODE_ENV === 'production' };
  return { provideExternalRuntime: true };
}

/**
 * The rsbuild config every micro-frontend starts from, the shell included: React, a Module Federation build for
 * the browser, `src/index.ts` as the entry (the asynchronous boundary), the contracts' sources by subpath, and a dev server that proxies the API to a gateway.
 */
export function frontendConfig({ federation, port, rsbuild }: FrontendConfigOptions): RsbuildConfig {
  const base: RsbuildConfig = {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        ...federation,
        dts: false,
        experiments: {
          ...federationRuntime(federation),
          ...federation.experiments,
          // The runtime's Node.js loader has no place in a browser bundle.
          optimization: { target: 'web', ...federation.experiments?.optimization },
        },
      }),
    ],
    resolve: {
      // The contracts' TypeScript sources, bundled per subpath (@vellum/proto/api, /editor, /remotes, /version);
      // proto's `sideEffects: false` lets the bundler drop the schemas a page does not use.
      alias: { '@vellum/proto': protoSources },
    },
    source: {
      entry: { index: './src/index.ts' },
    },
    html: {
      title: 'Vellum',
      mountId: 'root',
    },
    output: {
      distPath: { root: 'dist' },
      cleanDistPath: true,
    },
    server: {
      port: Number(process.env[`${federation.name.toUpperCase()}_DEV_PORT`] ?? port),
      historyApiFallback: true,
      proxy: { '/api': gateway, '/check_session': gateway },
    },
  };
  return mergeRsbuildConfig(base, rsbuild);
}
