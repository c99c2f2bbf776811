import type { NextFunction, Request, Response } from 'express';
import { CALLER_HEADER, type Caller, verifyAssertion } from './assertion';

declare module 'express-serve-static-core' {
  interface Request {
    /** Who is calling, as the gateway signed it; undefined for an anonymous visitor. */
    caller?: Caller;
  }
}

/**
 * Reads the gateway's signed assertion. No header means an anonymous caller; a header that does not verify is
 * refused with 401, so a forged or replayed identity never reaches a route.
 */
export function callerFromAssertion(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = req.get(CALLER_HEADER);
    if (!token) return next();
    const result = verifyAssertion(token, secret);
    if (!result.ok) {
      res.status(401).json({ error: 'Your identity could not be verified.', code: 'unauthenticated' });
      return;
    }
    req.caller = result.caller;
    next();
  };
}
