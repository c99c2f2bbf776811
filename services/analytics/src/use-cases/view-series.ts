import type { Caller } from '@vellum/platform';
import type { AdminSeriesAnswer } from '@vellum/proto';

type SeriesDay = AdminSeriesAnswer['days'][number];
import type { AnalyticsContext } from '../context';
import { lastDays, seriesOf } from '../domain/admin-views';
import { dailyStore } from '../store/daily-store';
import { authorizeAdmin } from './authorize-admin';

/** The daily counters of the last `days` days, for an admin; anyone else is not authorized. */
export async function viewSeries(
  ctx: AnalyticsContext,
  caller: Caller | undefined,
  input: { days: number },
): Promise<{ authorized: false } | { authorized: true; days: SeriesDay[] }> {
  if (!(await authorizeAdmin(ctx, caller))) return { authorized: false };
  const days = lastDays(ctx.clock(), input.days);
  const counts = await dailyStore.between(ctx.db, days[0]!, days.at(-1)!);
  return { authorized: true, days: seriesOf(days, counts) };
}
