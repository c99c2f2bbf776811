import type { Queryable } from '@vellum/platform';

/** The follows projection (from social's events): who follows whom, nothing more. */
export const followStore = {
  async follow(db: Queryable, followerId: string, followeeId: string): Promise<void> {
    await db.query(
      `INSERT INTO vellum.follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [followerId, followeeId],
    );
  },

  async unfollow(db: Queryable, followerId: string, followeeId: string): Promise<void> {
    await db.query(`DELETE FROM vellum.follows WHERE follower_id = $1 AND followee_id = $2`, [
      followerId,
      followeeId,
    ]);
  },

  /** A deleted cirrus: its follows both ways. */
  async removeCirrus(db: Queryable, cirrusId: string): Promise<void> {
    await db.query(`DELETE FROM vellum.follows WHERE follower_id = $1 OR followee_id = $1`, [cirrusId]);
  },
};
