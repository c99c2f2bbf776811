import { remoteConfig } from '@vellum/ui/build';
import { EXPOSED_MODULES } from './exposes';

/** The links remote (`name: 'links'` in the gateway's /config.json); its standalone app on :3005. */
export default remoteConfig({ dir: __dirname, name: 'links', exposes: EXPOSED_MODULES, port: 3005 });
