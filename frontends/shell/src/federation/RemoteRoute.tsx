import { useCallback, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RetryableLazy } from './RetryableLazy';
import { RemoteLoadError } from './RemoteLoadError';
import { refreshRemoteConfig, remoteEntry, type RemoteName } from './remoteConfig';

export const REMOTE_LABELS: Record<RemoteName, string> = {
  editor: 'Vellums',
  messenger: 'Messenger',
  actions: 'Actions',
  links: 'Vielink',
};

/** Loads `<remote>/<module>` from the federation runtime; every failure is a RemoteLoadError. */
export async function loadRemoteModule(remote: RemoteName, module: string, attempt: number) {
  if (attempt > 0) await refreshRemoteConfig();
  if (!remoteEntry(remote)) {
    throw new RemoteLoadError(remote, `The ${remote} micro-frontend is not configured.`);
  }
  let loaded: { default?: ComponentType } | null;
  try {
    loaded = await loadRemote<{ default?: ComponentType }>(`${remote}/${module}`);
  } catch (error) {
    throw new RemoteLoadError(remote, `The ${remote} micro-frontend could not be loaded.`, error);
  }
  if (!loaded || (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')) {
    throw new RemoteLoadError(remote, `${remote}/${module} has no default export.`);
  }
  return loaded as { default: ComponentType };
}

export interface RemoteRouteProps {
  remote: RemoteName;
  /** The exposed module without its './' (for example 'VellumPage'). */
  module: string;
}

/** A page owned by a remote: mounted inside the shell's frame, loaded when its route is first visited. */
export function RemoteRoute({ remote, module }: RemoteRouteProps) {
  const load = useCallback((attempt: number) => loadRemoteModule(remote, module, attempt), [remote, module]);
  return (
    <RetryableLazy key={`${remote}/${module}`} name={remote} label={REMOTE_LABELS[remote]} load={load} />
  );
}
