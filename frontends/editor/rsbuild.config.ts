import { gateway, remoteConfig } from '@vellum/ui/build';
import { EXPOSED_PAGES } from './exposes';

/** The editor remote (`name: 'editor'` in the gateway's /config.json); its standalone app on :3001. */
export default remoteConfig({
  dir: __dirname,
  name: 'editor',
  exposes: EXPOSED_PAGES,
  port: 3001,
  rsbuild: {
    server: {
      proxy: {
        '/messenger/': {
          target: gateway,
          bypass: (req) => (req.headers.accept?.includes('html') ? '/index.html' : null),
        },
      },
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  },
});
