import type { ErrorShape } from '@vellum/platform';

/** Which service answers which public path. The gateway owns this table; each service's README lists its routes. */
export type ServiceName = 'identity' | 'vellum' | 'action' | 'social' | 'link' | 'messaging' | 'analytics';

export interface RouteRule {
  service: ServiceName;
  pattern: RegExp;
  /** Also proxies websocket upgrades on this path. */
  websocket?: boolean;
  /**
   * Answered only to a direct client on this machine (a loopback peer that is not a trusted proxy and sends no
   * forwarding header); anyone else gets 404.
   */
  loopbackOnly?: boolean;
  /**
   * The path is also a page of the shell: a browser navigating to it (a GET with `Sec-Fetch-Mode: navigate`, or an
   * `Accept` that prefers HTML to JSON) gets the shell's page; API calls (`api` of @vellum/ui asks for JSON) reach
   * the service.
   */
  apiOnly?: boolean;
}

export const routeTable: RouteRule[] = [
  { service: 'identity', pattern: /^\/api\/(sc|user|signin|signout)$/ },
  { service: 'identity', pattern: /^\/check_session$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/create$/ },
  { service: 'identity', pattern: /^\/api\/username\/[^/]+$/ },
  { service: 'identity', pattern: /^\/api\/verification\/email$/ },
  { service: 'identity', pattern: /^\/api\/password-reset(\/send|\/token)?$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/[^/]+$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/[^/]+\/(profile|delete)$/ },
  // One's own sessions (the list, one ended) and password.
  { service: 'identity', pattern: /^\/api\/sessions(\/[^/]+)?$/ },
  { service: 'identity', pattern: /^\/api\/password$/ },
  { service: 'identity', pattern: /^\/dev\/mailbox$/, loopbackOnly: true },
  { service: 'vellum', pattern: /^\/api\/cirrus\/[^/]+\/vellums$/ },
  {
    service: 'vellum',
    pattern: /^\/api\/(vellums(\/following)?|vellum-new|get-creators|get-showcase-vellums)$/,
  },
  { service: 'vellum', pattern: /^\/api\/vellum\/(publish\/|private\/)?[^/]+$/ },
  { service: 'vellum', pattern: /^\/api\/vellum\/[^/]+\/score(\/[^/]+)?$/ },
  // A vellum's history (its owner's): the versions, one version, restoring one.
  { service: 'vellum', pattern: /^\/api\/vellum\/[^/]+\/versions(\/[^/]+(\/restore)?)?$/ },
  // Markdown out: one vellum, or all of an owner's as a zip.
  { service: 'vellum', pattern: /^\/api\/vellum\/[^/]+\/markdown$/ },
  { service: 'vellum', pattern: /^\/api\/cirrus\/[^/]+\/vellums\.zip$/ },
  // Only these sub-paths of a cirrus are social's; /api/cirrus/{username} itself is identity's (above).
  { service: 'social', pattern: /^\/api\/cirrus\/[^/]+\/(follow|followers|following)$/ },
  { service: 'social', pattern: /^\/api\/search$/ },
  { service: 'action', pattern: /^\/api\/cirrus\/[^/]+\/(actions|actions-snippet)$/ },
  { service: 'action', pattern: /^\/api\/action(\/request|\/[^/]+\/(complete|abandon))?$/ },
  // The page, the owner's changes (position, colours, a link by id), a visitor's click-through and the owner's counts.
  { service: 'link', pattern: /^\/api\/link\/(go\/[^/]+|[^/]+(\/clicks)?)$/ },
  // The unread count, and the messenger's own calls: conversations, one, its messages (one to edit or delete), its
  // read mark, typing, search; presence and its setting; the notifications (the list, its unread count, its read
  // mark).
  { service: 'messaging', pattern: /^\/api\/unread-messages$/ },
  { service: 'messaging', pattern: /^\/api\/messenger\/presence(\/settings)?$/ },
  { service: 'messaging', pattern: /^\/api\/messenger\/notifications(\/(unread|read))?$/ },
  {
    service: 'messaging',
    pattern: /^\/api\/messenger\/conversations(\/[^/]+(\/(messages(\/[^/]+)?|read|typing|search))?)?$/,
  },
  // The spec's conversation vellum calls live beside the shell's /messenger/… pages: only API calls go there.
  { service: 'messaging', pattern: /^\/messenger\/([^/]+\/vellum|vellum)\/[^/]+$/, apiOnly: true },
  { service: 'messaging', pattern: /^\/socket\.io\//, websocket: true },
  // The admin page: GET /api/admin (the spec's answer), one page of a list, the daily series.
  { service: 'analytics', pattern: /^\/api\/admin(\/cirri|\/series)?$/ },
];

export function serviceFor(path: string, table: readonly RouteRule[] = routeTable): RouteRule | undefined {
  return table.find((rule) => rule.pattern.test(path));
}

/** What a request says of itself: a forged answer only ever gets the forger the shell's page or JSON. */
export interface RequestKind {
  method: string;
  secFetchMode?: string;
  /** The preferred of JSON and HTML by the `Accept` header (express's `req.accepts(['json', 'html'])`). */
  prefers: string | false;
}

/** A browser loading a page (not a script's call), as `apiOnly` rules tell them apart. */
export function isNavigation(kind: RequestKind): boolean {
  if (kind.method !== 'GET' && kind.method !== 'HEAD') return false;
  return kind.secFetchMode === 'navigate' || kind.prefers === 'html';
}

/** Calls that guess or spend credentials, limited per client address. */
export interface RateRule {
  name: string;
  method: string;
  pattern: RegExp;
  /** The error shape of the route it limits (the service declares the same one), so its 429 reads like the rest. */
  errorShape: ErrorShape;
}

export const rateLimitedCalls: RateRule[] = [
  { name: 'signin', method: 'POST', pattern: /^\/api\/signin$/, errorShape: 'messages' },
  { name: 'signup', method: 'POST', pattern: /^\/api\/cirrus\/create$/, errorShape: 'statusErrorMessage' },
  {
    name: 'verification',
    method: 'PUT',
    pattern: /^\/api\/verification\/email$/,
    errorShape: 'statusErrorMessage',
  },
  {
    name: 'verification',
    method: 'POST',
    pattern: /^\/api\/verification\/email$/,
    errorShape: 'statusErrorMessage',
  },
  {
    name: 'reset',
    method: 'POST',
    pattern: /^\/api\/password-reset(\/send|\/token)?$/,
    errorShape: 'statusErrorMessage',
  },
  // Account deletion spends the password: it shares sign-in's limit.
  { name: 'signin', method: 'POST', pattern: /^\/api\/cirrus\/[^/]+\/delete$/, errorShape: 'error' },
  // So does a password change: it checks the current password.
  { name: 'signin', method: 'POST', pattern: /^\/api\/password$/, errorShape: 'error' },
];
