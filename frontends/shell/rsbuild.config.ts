import path from 'node:path';
import { frontendConfig, gateway } from '@vellum/ui/build';
import { sharedSingletons } from './federation.shared';

export default frontendConfig({
  port: 3000,
  federation: {
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
  },
  rsbuild: {
    html: {
      template: './src/index.html',
      meta: { description: 'Vellum: note-taking for AI chat prompts, to-dos and shared knowledge.' },
      favicon: './src/assets/favicon.svg',
    },
    output: { assetPrefix: '/' },
    dev: { assetPrefix: '/' },
    server: {
      proxy: {
        '/config.json': gateway,
        '/dev': gateway,
        '/mf': gateway,
        '/socket.io': { target: gateway, ws: true },
      },
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  },
});
