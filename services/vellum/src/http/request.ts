import type { Request } from 'express';
import type { z } from 'zod';
import { Invalid, NotFound, Unauthenticated, type Caller } from '@vellum/platform';
import { firstMessage, vellumMessages } from '@vellum/proto';
import { isVellumId } from '../domain/access';

/** The signed-in caller, or 401 with `message`. */
export function callerOf(req: Request, message: string): Caller {
  if (!req.caller) throw new Unauthenticated(message);
  return req.caller;
}

/** The `:id` of the path, or 404 when it cannot name a vellum. */
export function vellumIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!isVellumId(id)) throw new NotFound(vellumMessages.notFound);
  return id;
}

/** The parsed body, or 400 with the schema's first message. */
export function bodyOf<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) throw new Invalid(firstMessage(parsed.error));
  return parsed.data;
}

/** A single-valued query parameter (a repeated one is refused). */
export function queryOf(req: Request, name: string): string | undefined {
  const value: unknown = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Invalid(`The parameter ${name} must be given once, as text.`);
  return value;
}
