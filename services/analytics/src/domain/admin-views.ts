import type { AdminCirrus, SeriesDay } from '@vellum/proto';
import { SERIES_METRICS } from '@vellum/proto';
import type { CirrusRow } from '../store/admin-list-store';
import type { DailyCount } from '../store/daily-store';

/** A row of the admin tables, as the spec names its columns. */
export const adminCirrus = (row: CirrusRow): AdminCirrus => ({
  email: row.email,
  i: row.id,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
  last_session: row.last_session ? new Date(row.last_session).toISOString() : null,
  vellums: Number(row.vellums),
  actions: Number(row.actions),
  created: new Date(row.created).toISOString(),
});

/** The UTC days from `days - 1` days before `today` to `today`, oldest first. */
export function lastDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Every day of `days` with every metric, zero where nothing was counted. */
export function seriesOf(days: string[], counts: DailyCount[]): SeriesDay[] {
  const byDay = new Map<string, Map<string, number>>();
  for (const c of counts) {
    const metrics = byDay.get(c.day) ?? new Map<string, number>();
    metrics.set(c.metric, c.count);
    byDay.set(c.day, metrics);
  }
  return days.map((day) => {
    const metrics = byDay.get(day);
    const entry = { day } as SeriesDay;
    for (const metric of SERIES_METRICS) entry[metric] = metrics?.get(metric) ?? 0;
    return entry;
  });
}
