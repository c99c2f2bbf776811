import { mergeRsbuildConfig, type RsbuildConfig } from '@rsbuild/core';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import { frontendConfig } from './frontendConfig';
import { packageDependencies, sharedSingletons } from './sharedSingletons';

export interface RemoteConfigOptions {
  /** The remote's workspace folder (the config's __dirname): its package.json gives the shared versions. */
  dir: string;
  /** Its key in the gateway's /config.json. */
  name: string;
  /** What the shell mounts, each module's default export a component. */
  exposes: ModuleFederationOptions['exposes'];
  /** `rsbuild dev`'s port for its standalone app; `<NAME>_DEV_PORT` overrides it. */
  port: number;
  /** What this remote adds (more proxied paths, chunk splitting…), deep-merged. */
  rsbuild?: RsbuildConfig;
}

/**
 * A remote's rsbuild config. Its files are served from wherever it is deployed (/mf/<name>/ in the embedded mode, a
 * CDN, its own pod): assetPrefix 'auto' makes every chunk load relative to the manifest's URL. It shares the
 * singletons the shell shares, at the versions of its own package.json. Built, it runs on the shell's Module
 * Federation runtime rather than its own (frontendConfig's `federationRuntime`). `rsbuild dev` also serves its
 * standalone app (src/bootstrap.tsx, with the runtime bundled), which a shell on another port may load from in
 * development.
 */
export function remoteConfig({ dir, name, exposes, port, rsbuild }: RemoteConfigOptions): RsbuildConfig {
  return frontendConfig({
    port,
    federation: { name, exposes, shared: sharedSingletons({ dependencies: packageDependencies(dir) }) },
    rsbuild: mergeRsbuildConfig(
      {
        output: { assetPrefix: 'auto' },
        // Cross-origin loading by a shell on another port in development.
        server: { headers: { 'access-control-allow-origin': '*' } },
      },
      rsbuild,
    ),
  });
}
