import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { series } from '../src/http/series';

/** Runs `handlers` as one middleware; resolves with what reached `next` and the names that ran. */
function run(handlers: Array<[string, RequestHandler]>) {
  const ran: string[] = [];
  return new Promise<{ ran: string[]; passed: unknown }>((resolve) => {
    const middleware = series(
      handlers.map(([name, handler]): RequestHandler => (req, res, next) => {
        ran.push(name);
        return handler(req, res, next);
      }),
    );
    void middleware(
      {} as Request,
      {} as Response,
      ((err?: unknown) => resolve({ ran, passed: err })) as NextFunction,
    );
  });
}

describe('series of middlewares', () => {
  const pass: RequestHandler = (_req, _res, next) => next();

  it('runs each in order, then the next layer', async () => {
    expect(
      await run([
        ['a', pass],
        ['b', pass],
        ['c', pass],
      ]),
    ).toEqual({ ran: ['a', 'b', 'c'], passed: undefined });
  });

  it('stops at an error passed, thrown or rejected, and hands it on', async () => {
    const boom = new Error('boom');
    const cases: RequestHandler[] = [
      (_req, _res, next) => next(boom),
      () => {
        throw boom;
      },
      async () => {
        await Promise.resolve();
        throw boom;
      },
    ];
    for (const failing of cases) {
      expect(
        await run([
          ['a', pass],
          ['b', failing],
          ['c', pass],
        ]),
      ).toEqual({ ran: ['a', 'b'], passed: boom });
    }
  });

  it('stops at a middleware that answers without calling next', async () => {
    const answered = run([
      ['a', pass],
      ['b', () => {}],
      ['c', pass],
    ]);
    const outcome = await Promise.race([answered, new Promise((r) => setImmediate(() => r('stopped')))]);
    expect(outcome).toBe('stopped');
  });
});
