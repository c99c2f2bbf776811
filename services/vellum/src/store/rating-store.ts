import type { Queryable } from '@vellum/platform';

/** Ratings: one per reader and vellum (a new one replaces the old); the totals live on the vellum. */
export const ratingStore = {
  /** Records the reader's rating and returns the vellum's new totals. Call with the vellum locked. */
  async rate(
    db: Queryable,
    rating: { vellumId: string; raterId: string; level: number; at: Date },
  ): Promise<{ count: number; sum: number }> {
    await db.query(
      `INSERT INTO vellum.ratings (vellum_id, rater_id, level, rated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (vellum_id, rater_id) DO UPDATE SET level = EXCLUDED.level, rated_at = EXCLUDED.rated_at`,
      [rating.vellumId, rating.raterId, rating.level, rating.at],
    );
    const { rows } = await db.query<{ rating_count: number; rating_sum: number }>(
      `UPDATE vellum.vellums v SET rating_count = t.count, rating_sum = t.sum
         FROM (SELECT count(*)::int AS count, coalesce(sum(level), 0)::int AS sum
                 FROM vellum.ratings WHERE vellum_id = $1) t
        WHERE v.id = $1
        RETURNING v.rating_count, v.rating_sum`,
      [rating.vellumId],
    );
    return { count: Number(rows[0]?.rating_count ?? 0), sum: Number(rows[0]?.rating_sum ?? 0) };
  },

  async levelOf(db: Queryable, vellumId: string, raterId: string): Promise<number | null> {
    const { rows } = await db.query<{ level: number }>(
      `SELECT level FROM vellum.ratings WHERE vellum_id = $1 AND rater_id = $2`,
      [vellumId, raterId],
    );
    return rows[0] ? Number(rows[0].level) : null;
  },

  /** A deleted cirrus's ratings: removed, and the totals of the vellums it had rated counted again. */
  async removeByRater(db: Queryable, raterId: string): Promise<void> {
    const { rows } = await db.query<{ vellum_id: string }>(
      `DELETE FROM vellum.ratings WHERE rater_id = $1 RETURNING vellum_id`,
      [raterId],
    );
    if (rows.length === 0) return;
    await db.query(
      `UPDATE vellum.vellums v SET rating_count = t.count, rating_sum = t.sum
         FROM (SELECT ids.id, count(r.level)::int AS count, coalesce(sum(r.level), 0)::int AS sum
                 FROM unnest($1::uuid[]) ids(id) LEFT JOIN vellum.ratings r ON r.vellum_id = ids.id
                GROUP BY ids.id) t
        WHERE v.id = t.id`,
      [rows.map((r) => r.vellum_id)],
    );
  },
};
