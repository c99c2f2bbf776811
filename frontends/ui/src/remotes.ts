// @vellum/ui/remotes: the one registry of the micro-frontends the shell mounts, built on the names of
// @vellum/proto (REMOTE_NAMES, which the gateway and the embedded mode read too): each remote's label (the
// '<Label> could not be loaded.' of its pages) and the modules it exposes, each a page (the element of a shell
// route, no props) or a component a shell page mounts with props. The shell's RemoteRoute and RemoteModule are
// typed from it, so a module a remote does not expose, or the wrong props, fail type-checking; each remote's
// exposes.ts is checked against it (describeRemoteContract). Plain data and types: no React, no zod, so the
// shell's first page may import it.
import { REMOTE_NAMES, type RemoteName } from '@vellum/proto/remotes';

export { REMOTE_NAMES, type RemoteName };

/** The follower the actions remote's New Action Request modal is for. */
export interface ActionRequestRecipient {
  /** The follower's cirrus id (forCirrusI). */
  i: string;
  username: string;
  displayName?: string;
}

/** The props of `actions/ActionRequestModal`, mounted by the owner's followers page. */
export interface ActionRequestModalProps {
  /** The follower the request is for; null keeps the modal closed. */
  recipient: ActionRequestRecipient | null;
  onClose(): void;
}

/** An exposed page: the element of a shell route, reading what it needs from the URL and the session. */
export interface ExposedPage {
  readonly kind: 'page';
}

/** An exposed component (a modal…) that a shell page mounts with `props` of type P (P is a type only). */
export interface ExposedComponent<P extends object> {
  readonly kind: 'component';
  /** Never set: carries the props' type. */
  readonly props?: P;
}

export interface RemoteEntry {
  /** The section's name in '<Label> could not be loaded.' */
  readonly label: string;
  /** The exposed modules, by name without './' (the keys of the remote's exposes.ts). */
  readonly modules: Readonly<Record<string, ExposedPage | ExposedComponent<object>>>;
}

const page: ExposedPage = { kind: 'page' };
const component = <P extends object>(): ExposedComponent<P> => ({ kind: 'component' });

/** Every remote by name: its label and the modules it exposes. */
export const REMOTES = {
  editor: {
    label: 'Vellums',
    modules: {
      VellumListPage: page,
      PublicVellumListPage: page,
      NewVellumPage: page,
      VellumPage: page,
      DiscoverPage: page,
      ConversationVellumPage: page,
    },
  },
  messenger: { label: 'Messenger', modules: { MessengerPage: page, ChatPage: page } },
  actions: {
    label: 'Actions',
    modules: { ActionsPage: page, ActionRequestModal: component<ActionRequestModalProps>() },
  },
  links: { label: 'Vielink', modules: { LinkPage: page } },
} as const satisfies { readonly [N in RemoteName]: RemoteEntry };

export type Remotes = typeof REMOTES;

/** The modules `remote` exposes. */
export type ExposedModuleName<R extends RemoteName> = keyof Remotes[R]['modules'] & string;

/** Those of them that are pages (what RemoteRoute mounts). */
export type ExposedPageName<R extends RemoteName> = {
  [M in ExposedModuleName<R>]: Remotes[R]['modules'][M] extends ExposedPage ? M : never;
}[ExposedModuleName<R>];

/** Those of them that are components with props (what RemoteModule mounts). */
export type ExposedComponentName<R extends RemoteName> = {
  [M in ExposedModuleName<R>]: Remotes[R]['modules'][M] extends ExposedComponent<object> ? M : never;
}[ExposedModuleName<R>];

/** The props `remote/module` takes: none for a page. */
export type ExposedProps<R extends RemoteName, M extends ExposedModuleName<R>> =
  Remotes[R]['modules'][M] extends ExposedComponent<infer P> ? P : Record<string, never>;

/** The label of a remote's section ('Vellums', 'Actions'…). */
export const remoteLabel = (remote: RemoteName): string => REMOTES[remote].label;

/** The names of the modules a remote exposes, as its exposes.ts keys them ('./VellumPage'…). */
export const exposedModuleKeys = (remote: RemoteName): string[] =>
  Object.keys(REMOTES[remote].modules).map((module) => `./${module}`);
