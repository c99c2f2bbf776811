import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { remoteLabel, type ExposedComponentName, type ExposedProps } from '@vellum/ui/remotes';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { loadRemoteModule } from './RemoteRoute';
import type { RemoteName } from './remoteConfig';

/**
 * A remote, one of the components it exposes and that component's props, as the registry of @vellum/ui/remotes
 * types them (`actions`, `ActionRequestModal`, ActionRequestModalProps): anything else fails to compile.
 */
export type RemoteModuleProps = {
  [R in RemoteName]: {
    [M in ExposedComponentName<R>]: {
      remote: R;
      /** The exposed module without its './' (for example 'ActionRequestModal'). */
      module: M;
      /** What the shell hands the remote's component. */
      props: ExposedProps<R, M>;
    };
  }[ExposedComponentName<R>];
}[RemoteName];

/**
 * A remote's component inside one of the shell's pages (not a route of its own), with props: loaded on first
 * render, nothing shown while it loads, and a failure shown in place with Retry while the page keeps working.
 */
export function RemoteModule({ remote, module, props }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () =>
      lazy(
        () =>
          loadRemoteModule(remote, module, attempt) as Promise<{
            default: ComponentType<typeof props>;
          }>,
      ),
    [remote, module, attempt],
  );
  return (
    <LoadErrorBoundary key={attempt} label={remoteLabel(remote)} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
