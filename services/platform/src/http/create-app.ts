import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { requestIdOf, REQUEST_ID_HEADER } from './request-id';
import type { ProxyTrust } from './trusted-proxies';

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
}

/** Browser features no page of Vellum uses, switched off for every page and anything embedded in it. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

/** HSTS means something only on an answer that came over HTTPS; over plain HTTP browsers ignore it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The express app every service starts from: request ids, request logs, security headers, JSON bodies. */
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
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(options.scriptOrigins ?? [])],
          styleSrc: ["'self'", "'unsafe-inline'", ...(options.scriptOrigins ?? [])],
          imgSrc: ["'self'", 'data:', 'https:'],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          connectSrc: ["'self'", ...(options.websocketOrigins ?? []), ...(options.scriptOrigins ?? [])],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );
  app.use((req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  });
  if (options.parseJson ?? true) app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  return app;
}
