import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from '../http/error-handler';
import { refuseControlCharactersInAddress, refuseNulInBody } from '../http/refuse-control-characters';
import type { ServiceDefinition } from './service-definition';

/**
 * The service's routes behind JSON parsing, with the JSON 404 and the one error handler after them. Answers are
 * `Cache-Control: no-store` unless a route says otherwise: most carry someone's own data, and a shared cache or the
 * back button must not show it to the next person.
 */
export function mountService(
  app: Express,
  service: ServiceDefinition,
  logger: Logger,
  bodyLimit = service.bodyLimit ?? '100kb',
): Express {
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Control characters in the path or query, and NUL anywhere in a JSON body, are refused before any route.
  app.use(refuseControlCharactersInAddress);
  app.use(express.json({ limit: bodyLimit }));
  app.use(refuseNulInBody);
  app.use(service.router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
