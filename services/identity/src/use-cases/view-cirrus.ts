import type { Caller } from '@vellum/platform';
import type { IdentityContext } from '../context';
import { viewableCirrus } from '../domain/cirrus-access';
import { cirrusStore, type CirrusRecord } from '../store/cirrus-store';

/** The cirrus `username` as its profile page shows it; an unverified one only to itself, else Not Found. */
export async function viewCirrus(
  ctx: IdentityContext,
  viewer: Caller | undefined,
  input: { username: string },
): Promise<CirrusRecord> {
  return viewableCirrus(await cirrusStore.byUsername(ctx.db, input.username), viewer?.id);
}
