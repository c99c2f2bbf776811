import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { REMOTE_LABELS, loadRemoteModule } from './RemoteRoute';
import type { RemoteName } from './remoteConfig';

export interface RemoteModuleProps<P extends object> {
  remote: RemoteName;
  /** The exposed module without its './' (for example 'ActionRequestModal'). */
  module: string;
  /** What the shell hands the remote's component. */
  props: P;
}

/**
 * A remote's component inside one of the shell's pages (not a route of its own), with props: loaded on first
 * render, nothing shown while it loads, and a failure shown in place with Retry while the page keeps working.
 */
export function RemoteModule<P extends object>({ remote, module, props }: RemoteModuleProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () => lazy(() => loadRemoteModule(remote, module, attempt) as Promise<{ default: ComponentType<P> }>),
    [remote, module, attempt],
  );
  return (
    <LoadErrorBoundary key={attempt} label={REMOTE_LABELS[remote]} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
