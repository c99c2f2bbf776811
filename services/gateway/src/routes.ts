import type { ErrorShape } from '@vellum/platform';

/** Which service answers which public path. The gateway owns this table; each service's README lists its routes. */
export type ServiceName = 'identity' | 'vellum' | 'action' | 'social' | 'link' | 'messaging' | 'analytics';

export interface RouteRule {
  service: ServiceName;
  pattern: RegExp;
  /** Also proxies websocket upgrades on this path. */
  websocket?: boolean;
  /** Answered only to a client on this machine (the socket's peer is loopback); anyone else gets 404. */
  loopbackOnly?: boolean;
}

export const routeTable: RouteRule[] = [
  { service: 'identity', pattern: /^\/api\/(sc|user|signin|signout)$/ },
  { service: 'identity', pattern: /^\/check_session$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/create$/ },
  { service: 'identity', pattern: /^\/api\/username\/[^/]+$/ },
  { service: 'identity', pattern: /^\/api\/verification\/email$/ },
  { service: 'identity', pattern: /^\/api\/password-reset(\/send|\/token)?$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/[^/]+$/ },
  { service: 'identity', pattern: /^\/api\/cirrus\/[^/]+\/profile$/ },
  { service: 'identity', pattern: /^\/dev\/mailbox$/, loopbackOnly: true },
  { service: 'vellum', pattern: /^\/api\/cirrus\/[^/]+\/vellums$/ },
  { service: 'vellum', pattern: /^\/api\/(vellums|vellum-new|get-creators|get-showcase-vellums)$/ },
  { service: 'vellum', pattern: /^\/api\/vellum\/(publish\/|private\/)?[^/]+$/ },
  { service: 'vellum', pattern: /^\/api\/vellum\/[^/]+\/score(\/[^/]+)?$/ },
  // Only these sub-paths of a cirrus are social's; /api/cirrus/{username} itself is identity's (above).
  { service: 'social', pattern: /^\/api\/cirrus\/[^/]+\/(follow|followers|following)$/ },
  { service: 'social', pattern: /^\/api\/search$/ },
  { service: 'action', pattern: /^\/api\/cirrus\/[^/]+\/(actions|actions-snippet)$/ },
  { service: 'action', pattern: /^\/api\/action(\/request|\/[^/]+\/(complete|abandon))?$/ },
  // The page, the owner's changes (position, colours, a link by id), a visitor's click-through and the owner's counts.
  { service: 'link', pattern: /^\/api\/link\/(go\/[^/]+|[^/]+(\/clicks)?)$/ },
  { service: 'messaging', pattern: /^\/socket\.io\//, websocket: true },
];

export function serviceFor(path: string, table: readonly RouteRule[] = routeTable): RouteRule | undefined {
  return table.find((rule) => rule.pattern.test(path));
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
];
