import { gateway, remoteConfig } from '@vellum/ui/build';
import { EXPOSED_MODULES } from './exposes';

/**
 * The messenger remote (`name: 'messenger'` in the gateway's /config.json); its standalone app on :3002, which
 * also proxies the realtime socket to the gateway.
 */
export default remoteConfig({
  dir: __dirname,
  name: 'messenger',
  exposes: EXPOSED_MODULES,
  port: 3002,
  rsbuild: { server: { proxy: { '/socket.io': { target: gateway, ws: true } } } },
});
