import { useCallback, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RetryableLazy } from './RetryableLazy';
import { RemoteLoadError } from './RemoteLoadError';
import { remoteLabel, type ExposedPageName } from '@vellum/ui/remotes';
import { refreshRemoteConfig, remoteEntry, type RemoteName } from './remoteConfig';

/** Automatic attempts of one load (manifest, entry and chunks), half a second apart, before the page shows the error. */
export const AUTOMATIC_ATTEMPTS = 3;
export const ATTEMPT_DELAY_MS = 500;

type LoadedModule = { default?: ComponentType; remoteLoadError?: unknown } | null;

/**
 * Loads `<remote>/<module>` from the federation runtime, trying again (with the config read again, which drops
 * what the runtime cached of a failed remote) before it gives up; every failure is a RemoteLoadError.
 */
export async function loadRemoteModule(
  remote: RemoteName,
  /** An exposed module of `remote`, without its './' (RemoteRoute and RemoteModule type it from the registry). */
  module: string,
  attempt: number,
  delayMs = ATTEMPT_DELAY_MS,
): Promise<{ default: ComponentType }> {
  if (attempt > 0) await refreshRemoteConfig();
  let cause: unknown;
  for (let tries = 0; tries < AUTOMATIC_ATTEMPTS; tries++) {
    if (tries > 0) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await refreshRemoteConfig();
    }
    if (!remoteEntry(remote)) {
      cause = new RemoteLoadError(remote, `The ${remote} micro-frontend is not configured.`);
      continue;
    }
    let loaded: LoadedModule;
    try {
      loaded = await loadRemote<LoadedModule>(`${remote}/${module}`);
    } catch (error) {
      cause = error;
      continue;
    }
    // The fallback plugin answers a failed load with a module carrying the error.
    if (loaded?.remoteLoadError) {
      cause = loaded.remoteLoadError;
      continue;
    }
    if (!loaded || (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')) {
      throw new RemoteLoadError(remote, `${remote}/${module} has no default export.`);
    }
    return loaded as { default: ComponentType };
  }
  throw new RemoteLoadError(remote, `The ${remote} micro-frontend could not be loaded.`, cause);
}

/** A remote and one of the pages it exposes (the registry of @vellum/ui/remotes): anything else fails to compile. */
export type RemoteRouteProps = {
  [R in RemoteName]: {
    remote: R;
    /** The exposed page without its './' (for example 'VellumPage'). */
    module: ExposedPageName<R>;
  };
}[RemoteName];

/** A page owned by a remote: mounted inside the shell's frame, loaded when its route is first visited. */
export function RemoteRoute({ remote, module }: RemoteRouteProps) {
  const load = useCallback((attempt: number) => loadRemoteModule(remote, module, attempt), [remote, module]);
  return <RetryableLazy key={`${remote}/${module}`} name={remote} label={remoteLabel(remote)} load={load} />;
}
