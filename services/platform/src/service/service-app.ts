import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from '../http/error-handler';
import type { ServiceDefinition } from './service-definition';

/** The service's routes behind JSON parsing, with the JSON 404 and the one error handler after them. */
export function mountService(
  app: Express,
  service: ServiceDefinition,
  logger: Logger,
  bodyLimit = service.bodyLimit ?? '100kb',
): Express {
  app.use(express.json({ limit: bodyLimit }));
  app.use(service.router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
