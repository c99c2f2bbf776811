import type { Caller } from '@vellum/platform';
import type { AnalyticsContext } from '../context';
import { isAdmin } from '../domain/admin-rules';
import { cirriStore } from '../store/cirri-store';

/** Whether the caller (a visitor: undefined) may read the analytics: only an admin may. */
export async function authorizeAdmin(ctx: AnalyticsContext, caller: Caller | undefined): Promise<boolean> {
  if (!caller) return false;
  return isAdmin(await cirriStore.verifiedEmail(ctx.db, caller.id), ctx.config.adminEmails);
}
