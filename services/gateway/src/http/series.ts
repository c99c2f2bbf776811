import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middlewares run one after the other as one express layer, as `app.use` would run them as several: an error, thrown
 * or passed, or a rejected promise goes to `next`. Every call crosses the gateway's checks, and each layer costs
 * express's routing and, with tracing on, a span of the express instrumentation.
 */
export function series(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (err?: unknown) => {
      if (err !== undefined && err !== null) return next(err);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (error) {
        step(error);
      }
    };
    step();
  };
}
