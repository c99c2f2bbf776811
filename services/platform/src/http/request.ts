import type { Request } from 'express';
import type { z } from 'zod';
import { fieldMessages, firstMessage } from '@vellum/proto';
import type { Caller } from '../auth/assertion';
import { Invalid, Unauthenticated } from '../errors/errors';

// The one way a route reads its request: each helper answers the parsed value or throws a neutral error, which the
// error handler turns into the status and the error shape the route declared (`errorShape`). Routes never write an
// error body themselves.

/**
 * The parsed body, or `Invalid` with the schema's first message (and each field's first message in its details,
 * which the `fieldErrors` error shape answers). A missing body is parsed as `{}`.
 */
export function bodyOf<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success)
    throw new Invalid(firstMessage(parsed.error), { fieldErrors: fieldMessages(parsed.error) });
  return parsed.data;
}

/** A single-valued query parameter, or undefined; a repeated one (`a=1&a=2`) is refused. */
export function queryOf(req: Request, name: string): string | undefined {
  const once = () => new Invalid(`The parameter ${name} must be given once, as text.`);
  // `?sort[]=email` or `?sort[a]=…` (an array or object in other frameworks' parsers) is refused, never ignored.
  if (Object.keys(req.query).some((key) => key.startsWith(`${name}[`))) throw once();
  const value: unknown = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw once();
  return value;
}

/** A query parameter parsed by `schema` (say, a limit within bounds), or `Invalid` with the schema's message. */
export function queryAs<S extends z.ZodType>(req: Request, name: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(queryOf(req, name));
  if (!parsed.success) throw new Invalid(firstMessage(parsed.error));
  return parsed.data;
}

/** A path parameter as text (express has already decoded it; the platform refused control characters). */
export function paramOf(req: Request, name: string): string {
  return String(req.params[name] ?? '');
}

/** The signed-in caller, or `Unauthenticated` with the route's own message ('Sign in to follow a Cirrus.'). */
export function callerOf(req: Request, message?: string): Caller {
  if (!req.caller) throw new Unauthenticated(message);
  return req.caller;
}

/** The caller when signed in, else undefined: for routes a visitor may also call. */
export const maybeCallerOf = (req: Request): Caller | undefined => req.caller;

/**
 * The client's address as the gateway found it: the gateway replaces `X-Forwarded-For` with the one address it
 * believes (`gateway/src/http/forwarded-headers.ts`), and a service takes connections from the gateway only (the
 * charts' NetworkPolicy). Without the header (a test calling the service directly), the socket's peer.
 */
export function clientAddressOfCall(req: Request): string {
  const forwarded = (req.get('x-forwarded-for') ?? '').split(',').pop()!.trim();
  return forwarded || req.socket.remoteAddress || '';
}
