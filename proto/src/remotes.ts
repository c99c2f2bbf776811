// The micro-frontends (Module Federation remotes) the product mounts, by the name each is known by everywhere:
// its key in the gateway's /config.json, its `REMOTE_<NAME>_URL`, its `/mf/<name>/` folder in the embedded mode
// and the shell's `<RemoteRoute remote="<name>" …>`. The services read this list; the frontends' typed registry
// (label, exposed modules and their props) is built on it in @vellum/ui/remotes. Plain data: no zod, no protobuf,
// so a browser build may import it ('@vellum/proto/remotes') without the schemas.
export const REMOTE_NAMES = ['editor', 'messenger', 'actions', 'links'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The environment variable that holds a remote's manifest URL: REMOTE_EDITOR_URL, REMOTE_MESSENGER_URL… */
export type RemoteUrlEnvName<N extends RemoteName = RemoteName> = `REMOTE_${Uppercase<N>}_URL`;
export const remoteUrlEnvName = <N extends RemoteName>(name: N): RemoteUrlEnvName<N> =>
  `REMOTE_${name.toUpperCase() as Uppercase<N>}_URL`;
