import type { SeriesMetric } from '@vellum/proto';
import type { Queryable } from '@vellum/platform';

/** A UTC day as `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export interface DailyCount {
  day: string;
  metric: string;
  count: number;
}

/** The daily counters (`analytics.daily`) and the days each cirrus was active (`analytics.active_days`). */
export const dailyStore = {
  async bump(q: Queryable, metric: SeriesMetric, at: Date): Promise<void> {
    await q.query(
      `INSERT INTO analytics.daily (day, metric, count) VALUES ($1, $2, 1)
         ON CONFLICT (day, metric) DO UPDATE SET count = analytics.daily.count + 1`,
      [dayOf(at), metric],
    );
  },

  /** Records that the cirrus was active on the day of `at`; true the first time for that day. */
  async active(q: Queryable, cirrusId: string, at: Date): Promise<boolean> {
    const { rows } = await q.query(
      `INSERT INTO analytics.active_days (day, cirrus_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING day`,
      [dayOf(at), cirrusId],
    );
    return rows.length > 0;
  },

  /** Every counter from `from` to `to` (days, both included). */
  async between(q: Queryable, from: string, to: string): Promise<DailyCount[]> {
    const { rows } = await q.query<{ day: string; metric: string; count: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, count FROM analytics.daily
        WHERE day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
    return rows.map((r) => ({ day: r.day, metric: r.metric, count: Number(r.count) }));
  },

  /** A deleted cirrus: the days it was active go; the daily counters, which name nobody, stay. */
  async forget(q: Queryable, cirrusId: string): Promise<void> {
    await q.query(`DELETE FROM analytics.active_days WHERE cirrus_id = $1`, [cirrusId]);
  },
};
