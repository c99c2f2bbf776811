import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { requestIdOf, REQUEST_ID_HEADER } from './request-id';

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
}

/** The express app every service starts from: request ids, request logs, security headers, JSON bodies. */
export function createHttpApp(options: AppOptions): Express {
  const app = express();
  const quiet = new Set(options.quietPaths ?? ['/healthz', '/readyz']);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
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
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          connectSrc: ["'self'", 'ws:', 'wss:', ...(options.scriptOrigins ?? [])],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  if (options.parseJson ?? true) app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  return app;
}
