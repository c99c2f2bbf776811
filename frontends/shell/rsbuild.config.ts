import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from './federation.shared';

const gateway = process.env.VELLUM_GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // No remotes at build time: src/federation/remoteConfig.ts registers them from the gateway's /config.json,
      // so a remote is redeployed without rebuilding the shell.
      remotes: {},
      shared: sharedSingletons('host'),
      // Shared modules come from what is already loaded (the shell's own copies) rather than from the highest
      // version among the registered remotes, which would fetch every remote's entry the first time a lazy
      // section needs a shared module: a remote that is down would then break the shell's own pages.
      shareStrategy: 'loaded-first',
      runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugins/fallback.ts')],
      dts: false,
      // The runtime's Node.js loader has no place in a browser bundle.
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
    template: './src/index.html',
    mountId: 'root',
    meta: { description: 'Vellum: note-taking for AI chat prompts, to-dos and shared knowledge.' },
    favicon: './src/assets/favicon.svg',
  },
  output: {
    distPath: { root: 'dist' },
    assetPrefix: '/',
    cleanDistPath: true,
  },
  dev: { assetPrefix: '/' },
  server: {
    port: Number(process.env.SHELL_DEV_PORT ?? 3000),
    historyApiFallback: true,
    proxy: {
      '/api': gateway,
      '/check_session': gateway,
      '/config.json': gateway,
      '/dev': gateway,
      '/mf': gateway,
      '/socket.io': { target: gateway, ws: true },
    },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
