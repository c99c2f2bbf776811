import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@vellum/ui/remotes';

// The remotes the shell knows how to mount, each by the MF name its build uses: the registry of @vellum/ui/remotes.
export { REMOTE_NAMES, type RemoteName };

export interface ShellConfig {
  remotes: Partial<Record<RemoteName, string>>;
  version?: string;
}

let configured: Partial<Record<RemoteName, string>> = {};

/**
 * Reads the gateway's /config.json (name -> mf-manifest.json URL, set per environment) and registers the
 * remotes with the federation runtime. A missing or broken config leaves every remote unconfigured: their
 * pages show the load error while the rest of the app works.
 */
export async function loadRemoteConfig(fetchImpl: typeof fetch = fetch): Promise<ShellConfig> {
  let config: ShellConfig = { remotes: {} };
  try {
    const response = await fetchImpl('/config.json', { credentials: 'same-origin', cache: 'no-cache' });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body = (await response.json()) as Partial<ShellConfig>;
    config = { remotes: body.remotes ?? {}, version: body.version };
  } catch (error) {
    console.error('Could not read /config.json; remotes are unavailable', error);
  }
  applyRemoteConfig(config.remotes);
  return config;
}

export function applyRemoteConfig(remotes: ShellConfig['remotes'], force = false): void {
  const entries = REMOTE_NAMES.flatMap((name) => {
    const url = remotes[name];
    return typeof url === 'string' && url ? [{ name, entry: new URL(url, window.location.href).href }] : [];
  });
  configured = Object.fromEntries(entries.map((remote) => [remote.name, remote.entry]));
  if (entries.length) registerRemotes(entries, { force });
}

export function remoteEntry(name: RemoteName): string | undefined {
  return configured[name];
}

/** Before a retry: read the config again and drop whatever the runtime cached for the remotes. */
export async function refreshRemoteConfig(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const response = await fetchImpl('/config.json', { credentials: 'same-origin', cache: 'no-cache' });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body = (await response.json()) as Partial<ShellConfig>;
    applyRemoteConfig(body.remotes ?? {}, true);
  } catch (error) {
    console.error('Could not read /config.json again', error);
  }
}
