import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { EXPOSED_PAGES, sharedSingletons } from './federation.shared';

const gateway = process.env.VELLUM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * The editor remote: `name: 'editor'` is its key in the gateway's /config.json. Its files are served from
 * wherever it is deployed (/mf/editor/ in the embedded mode, a CDN, its own pod): assetPrefix 'auto' makes every
 * chunk load relative to the manifest's URL. `rsbuild dev` also serves a standalone app (src/bootstrap.tsx).
 */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'editor',
      exposes: EXPOSED_PAGES,
      shared: sharedSingletons(),
      dts: false,
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  resolve: {
    alias: { '@vellum/proto$': path.join(__dirname, 'proto-browser.ts') },
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
    assetPrefix: 'auto',
    cleanDistPath: true,
  },
  server: {
    port: Number(process.env.EDITOR_DEV_PORT ?? 3001),
    historyApiFallback: true,
    // Cross-origin loading by a shell on another port in development.
    headers: { 'access-control-allow-origin': '*' },
    proxy: {
      '/api': gateway,
      '/check_session': gateway,
      '/messenger/': {
        target: gateway,
        bypass: (req) => (req.headers.accept?.includes('html') ? '/index.html' : null),
      },
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
