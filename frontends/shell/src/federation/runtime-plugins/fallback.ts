import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from '../RemoteLoadError';

/**
 * Loading layer: when a remote cannot be loaded, `loadRemote` answers with a fallback module instead of
 * rejecting. Its component throws the load error while rendering, so the route's error boundary shows the
 * message and the Retry button in the page, and the rest of the app keeps working.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vellum-remote-fallback',
    errorLoadRemote(args) {
      // Earlier stages (manifest, entry) bubble up to 'onLoad', where one fallback covers them all.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = args.remote?.name ?? String(args.id).split('/')[0] ?? 'remote';
      console.error(`The ${remote} micro-frontend could not be loaded`, args.error);
      const error = new RemoteLoadError(remote, `The ${remote} section could not be loaded.`, args.error);
      function RemoteUnavailable(): never {
        throw error;
      }
      return { __esModule: true, default: RemoteUnavailable, remoteLoadError: error };
    },
  };
}
