import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express, RequestHandler } from 'express';
import {
  createHttpApp,
  errorHandler,
  healthRouter,
  httpMetrics,
  CALLER_HEADER,
  notFoundHandler,
  sessionCookieName,
  DEFAULT_SESSION_LIMITS,
  verifyAssertion,
  type Caller,
  type LimiterFactory,
  type Logger,
  type ProxyTrust,
  type Registry,
  type SessionLimits,
  type SessionStore,
} from '@vellum/platform';
import { isNavigation, routeTable, serviceFor, type RouteRule, type ServiceName } from './routes';
import { VIDEO_FRAME_ORIGINS } from '@vellum/proto';
import { applyCallerHeaders, forwardIdentity, type IdentityForwarding } from './http/forward-identity';
import { rateLimit } from './http/rate-limit';
import { series } from './http/series';
import { sameOrigin } from './http/same-origin';
import { proxyTo, type Proxy, type UpstreamPoolOptions } from './http/proxy';
import { frontendsRouter, type FrontendsOptions } from './http/frontends';
import { forwardedHeaders, setForwardedHeaders, upgradeClient } from './http/forwarded-headers';
import { requireHttps } from './http/require-https';
import { isDirectLocalClient, noteDirectLocalClients } from './http/direct-local-client';
import { openApiRouter } from './http/openapi';
import { apiReferenceRouter } from './http/api-reference';
import { gatewayMetrics } from './http/gateway-metrics';
import { VERSION } from './version';

/** A service is reached over HTTP (distributed) or called in this process (embedded). */
export type Upstream = { url: string } | { handler: RequestHandler };

export interface GatewayOptions {
  logger: Logger;
  upstreams: Partial<Record<ServiceName, Upstream>>;
  /** The kept-alive connections to each service reached over HTTP; by default DEFAULT_UPSTREAM_POOL. */
  upstreamPool?: UpstreamPoolOptions;
  sessions: SessionStore;
  /** Builds the per-address limits of the credential calls (memory in embedded mode, Redis distributed). */
  limiters: LimiterFactory;
  publicUrl: string;
  /**
   * The process's metrics registry: every call is measured (`httpMetrics`), proxied ones by upstream too, and rate
   * limits' refusals counted. None: nothing is measured.
   */
  metrics?: Registry;
  sessionSecret: string;
  internalAuthSecret: string;
  /** The idle and absolute session time-outs (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS); by default theirs. */
  sessionLimits?: SessionLimits;
  /** The gateway's clock for the time-outs (tests move it); by default the system's. */
  clock?: () => Date;
  /** Sign-in, sign-up, verification and reset calls allowed per client address and minute. */
  authRatePerMinute: number;
  frontends: FrontendsOptions;
  routes?: RouteRule[];
  isDraining?: () => boolean;
  /** The proxies in front whose forwarded headers are believed (TRUSTED_PROXIES); by default none. */
  trustProxy?: ProxyTrust;
  /**
   * The origins a browser may open a websocket from (its `Origin`, read at each upgrade); by default PUBLIC_URL's
   * only. Never the request's own `Host`: a client names any Host it likes.
   */
  websocketOrigins?: () => readonly string[];
}

export interface Gateway {
  app: Express;
  /** Attach to the HTTP server so websocket upgrades reach their service. */
  attachUpgrades(server: Server): void;
  /**
   * The caller of a websocket upgrade that an in-process service (embedded socket.io) answers itself: the cirrus
   * its session cookie proves, when it comes from the product's own origin; undefined otherwise.
   */
  callerOfUpgrade(req: IncomingMessage): Promise<Caller | undefined>;
  /** Closes the kept-alive connections to the services, once the server has drained. */
  close(): void;
}

export function createGateway(options: GatewayOptions): Gateway {
  const { logger } = options;
  const routes = options.routes ?? routeTable;
  const metrics = options.metrics ? gatewayMetrics(options.metrics) : undefined;
  const proxies = new Map<ServiceName, Proxy>();
  for (const [name, upstream] of Object.entries(options.upstreams) as Array<[ServiceName, Upstream]>) {
    if ('url' in upstream)
      proxies.set(
        name,
        proxyTo(
          upstream.url,
          logger,
          { onUnreachable: () => metrics?.unreachable(name) },
          options.upstreamPool,
        ),
      );
  }
  // The shell's page from its own server (distributed): its answer's headers (CSP, caching) replace the gateway's.
  const shellUrl = options.frontends.shellDir ? undefined : options.frontends.shellUrl;
  const shell = shellUrl ? proxyTo(shellUrl, logger, {}, options.upstreamPool) : undefined;

  const trust = options.trustProxy ?? (() => false);
  const publicOrigin = new URL(options.publicUrl);
  const app = createHttpApp({
    logger,
    parseJson: false,
    scriptOrigins: options.frontends.scriptOrigins,
    trustProxy: trust,
    websocketOrigins: [`${publicOrigin.protocol === 'https:' ? 'wss' : 'ws'}://${publicOrigin.host}`],
    frameOrigins: VIDEO_FRAME_ORIGINS,
  });
  if (options.metrics) app.use(httpMetrics(options.metrics));
  app.use(healthRouter({ sessions: () => options.sessions.ping() }, options.isDraining ?? (() => false)));
  app.use(
    series([
      requireHttps(options.publicUrl),
      noteDirectLocalClients(trust),
      forwardedHeaders,
      sameOrigin(options.publicUrl),
      rateLimit({
        limiters: options.limiters,
        perMinute: options.authRatePerMinute,
        onRefused: (rule) => metrics?.refused(rule),
      }),
    ]),
  );
  const identity: IdentityForwarding = {
    sessions: options.sessions,
    sessionSecret: options.sessionSecret,
    internalAuthSecret: options.internalAuthSecret,
    // Secure cookies exactly when PUBLIC_URL is https, as identity sets them: then the name has the __Host- prefix.
    cookieName: sessionCookieName(publicOrigin.protocol === 'https:'),
    limits: options.sessionLimits ?? DEFAULT_SESSION_LIMITS,
    ...(options.clock && { clock: options.clock }),
  };
  const forward = forwardIdentity(identity);
  const websocketOrigins = options.websocketOrigins ?? (() => [publicOrigin.origin]);

  app.use((req, res, next) => {
    const rule = serviceFor(req.path, routes);
    if (!rule) return next();
    // Development conveniences answer only a person on this machine, never a client of a proxy (even a local one).
    if (rule.loopbackOnly && !isDirectLocalClient(req)) return next();
    // A page of the shell on the same path: the frontends' router below answers it (from SHELL_DIR or SHELL_URL).
    if (
      rule.apiOnly &&
      isNavigation({
        method: req.method,
        secFetchMode: req.get('sec-fetch-mode'),
        prefers: req.accepts(['json', 'html']),
      })
    ) {
      return next();
    }
    const upstream = options.upstreams[rule.service];
    if (!upstream) {
      res.status(503).json({ error: 'This part of Vellum is not available yet.', code: 'unavailable' });
      return;
    }
    forward(req, res, (err?: unknown) => {
      if (err) return next(err);
      if ('handler' in upstream) return upstream.handler(req, res, next);
      // The upstream matched its own route; here the gateway's rule stands for it.
      metrics?.proxied(rule, res);
      proxies.get(rule.service)!.handle(req, res, next);
    });
  });

  // The gateway's own calls, after the proxied ones (no rule routes their paths): the public API's OpenAPI document
  // (no service owns all of it), and its reference page for people, rendered from that document.
  app.use(openApiRouter({ version: VERSION, publicUrl: options.publicUrl }));
  app.use(apiReferenceRouter());
  app.use(frontendsRouter(options.frontends, shell?.handle));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  // A browser always sends Origin on a websocket; only the product's public origin may open one with its cookie.
  const upgradeOriginAllowed = (req: IncomingMessage) =>
    !req.headers.origin || websocketOrigins().includes(req.headers.origin);

  const callerOfUpgrade = async (req: IncomingMessage): Promise<Caller | undefined> => {
    if (!upgradeOriginAllowed(req)) return undefined;
    await applyCallerHeaders(req, identity);
    const token = req.headers[CALLER_HEADER];
    const verified =
      typeof token === 'string' ? verifyAssertion(token, options.internalAuthSecret) : undefined;
    return verified?.ok ? verified.caller : undefined;
  };

  const attachUpgrades = (server: Server) => {
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const rule = serviceFor(path, routes);
      const proxy = rule?.websocket ? proxies.get(rule.service) : undefined;
      if (!proxy) {
        // In-process services (embedded socket.io) listen on the same server themselves.
        if (rule?.websocket && options.upstreams[rule.service]) return;
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      if (!upgradeOriginAllowed(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      setForwardedHeaders(req, upgradeClient(req, trust));
      applyCallerHeaders(req, identity).then(
        () => proxy.upgrade(req, socket, head),
        (err: unknown) => {
          logger.error({ err }, 'session lookup failed on upgrade');
          socket.destroy();
        },
      );
    });
  };

  const close = () => {
    proxies.forEach((proxy) => proxy.close());
    shell?.close();
  };
  return { app, attachUpgrades, callerOfUpgrade, close };
}

export { VERSION } from './version';
export type { ServiceName } from './routes';
export { remoteEnvShape, remoteUrlsOf, originsOf } from './config';
export { REMOTE_NAMES, type RemoteName } from '@vellum/proto';
