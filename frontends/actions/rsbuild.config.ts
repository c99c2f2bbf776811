import { remoteConfig } from '@vellum/ui/build';
import { EXPOSED_MODULES } from './exposes';

/** The actions remote (`name: 'actions'` in the gateway's /config.json); its standalone app on :3003. */
export default remoteConfig({ dir: __dirname, name: 'actions', exposes: EXPOSED_MODULES, port: 3003 });
