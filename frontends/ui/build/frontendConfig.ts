import path from 'node:path';
import { mergeRsbuildConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

/** The gateway `rsbuild dev` proxies the API to. */
export const gateway = process.env.VELLUM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export interface FrontendConfigOptions {
  /** The workspace folder (the config's __dirname): its proto-browser.ts stands in for @vellum/proto. */
  dir: string;
  /** Module Federation: the name (a remote's key in the gateway's /config.json), shared modules, exposes… */
  federation: ModuleFederationOptions & { name: string };
  /** The dev server's port; `<NAME>_DEV_PORT` (SHELL_DEV_PORT, EDITOR_DEV_PORT…) overrides it. */
  port: number;
  /** What this app adds to or changes in the common config (deep-merged, as rsbuild merges configs). */
  rsbuild?: RsbuildConfig;
}

/**
 * The rsbuild config every micro-frontend starts from, the shell included: React, a Module Federation build for
 * the browser, `src/index.ts` as the entry (the asynchronous boundary), the API schemas without the services'
 * event contracts, and a dev server that proxies the API to a gateway.
 */
export function frontendConfig({ dir, federation, port, rsbuild }: FrontendConfigOptions): RsbuildConfig {
  const base: RsbuildConfig = {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        ...federation,
        dts: false,
        // The runtime's Node.js loader has no place in a browser bundle.
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    resolve: {
      alias: { '@vellum/proto$': path.join(dir, 'proto-browser.ts') },
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
