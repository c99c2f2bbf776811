import type { Request } from 'express';
import { Invalid, queryOf } from '@vellum/platform';
import { firstMessage, MESSENGER_PAGE_DEFAULT, pageLimitSchema } from '@vellum/proto';

/** `?limit=`: the default when absent, else 1 to MESSENGER_PAGE_MAX. */
export function limitOf(req: Request): number {
  const raw = queryOf(req, 'limit');
  if (raw === undefined) return MESSENGER_PAGE_DEFAULT;
  const parsed = pageLimitSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(firstMessage(parsed.error));
  return parsed.data;
}
