import type { Request } from 'express';
import type { z } from 'zod';

/**
 * `bodyOf` for the calls whose answer to a bad body the spec fixes otherwise than with the schema's first message:
 * the parsed body, or whatever `refused` makes of the schema's complaint: it throws the neutral error to answer
 * (`Invalid` with the call's own text), or gives the value the route answers instead (a check that says no).
 */
export function bodyOr<S extends z.ZodType, R>(
  req: Request,
  schema: S,
  refused: (error: z.ZodError) => R,
): z.output<S> | R {
  const parsed = schema.safeParse(req.body ?? {});
  return parsed.success ? parsed.data : refused(parsed.error);
}
