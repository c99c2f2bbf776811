import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { requestIdOf, REQUEST_ID_HEADER } from './request-id';
import type { ProxyTrust } from './trusted-proxies';
import { browserSecurityHeaders } from './browser-security-headers';

export interface AppOptions {
  logger: Logger;
  /** Largest JSON body accepted; bigger ones get 413. */
  bodyLimit?: string;
  /** Parse JSON bodies (false for the gateway, which streams bodies to services untouched). */
  parseJson?: boolean;
  /**
   * Origins of micro-frontend remotes served elsewhere (a CDN): the shell fetches their manifest (connect-src),
   * runs their scripts (script-src) and loads their styles (style-src).
   */
  scriptOrigins?: string[];
  /** Skip request logging for these paths (probes). */
  quietPaths?: string[];
  /**
   * The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`proxyTrust(TRUSTED_PROXIES)`); by
   * default nobody's, so `req.ip` is the socket's peer and `req.secure` the socket's own TLS.
   */
  trustProxy?: ProxyTrust;
  /** Websocket origins the pages may connect to besides their own (`wss://vellum.example.com`). */
  websocketOrigins?: string[];
  /** Origins the pages may frame (the product's policy: `VIDEO_FRAME_ORIGINS` from the gateway); none by default. */
  frameOrigins?: readonly string[];
  /**
   * The browser-facing security headers (CSP, framing, HSTS, Permissions-Policy…); on by default. A service behind
   * the gateway leaves them to it: the gateway sets them on every answer it passes on, and setting them twice on
   * the request path only costs time.
   */
  browserHeaders?: boolean;
}

const requestLine = (req: IncomingMessage & { id?: unknown }) => ({
  id: req.id,
  method: req.method,
  url: req.url,
});
const responseLine = (res: ServerResponse) => ({ statusCode: res.statusCode });

/** The express app every process starts from: request ids, request logs, security headers, JSON bodies. */
export function createHttpApp(options: AppOptions): Express {
  const app = express();
  const quiet = new Set(options.quietPaths ?? ['/healthz', '/readyz']);
  app.disable('x-powered-by');
  const trust = options.trustProxy;
  app.set('trust proxy', trust ? (address: string) => trust(address) : false);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => quiet.has(req.url ?? '') },
      // What an operator needs of each request, serialised straight from the raw objects: the standard serialisers
      // copy every header (and the redaction then clones them) on every request, for lines nobody reads.
      wrapSerializers: false,
      serializers: { req: requestLine, res: responseLine },
      // A 503 is a dependency's outage, said once by the error handler's warning: no error of ours, and no stack of
      // the error pino-http makes up for any 5xx ('failed with status code 503') on every request while it lasts.
      customLogLevel: (_req, res, err) =>
        res.statusCode === 503 ? 'warn' : err || res.statusCode >= 500 ? 'error' : 'info',
      customErrorObject: (_req, res, _err, line: Record<string, unknown>) => {
        if (res.statusCode !== 503) return line;
        const { err: _madeUp, ...rest } = line;
        return rest;
      },
    }),
  );
  if (options.browserHeaders ?? true) app.use(browserSecurityHeaders(options));
  if (options.parseJson ?? true) app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  return app;
}
