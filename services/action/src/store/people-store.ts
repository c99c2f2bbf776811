import type { Queryable } from '@vellum/platform';

/** A cirrus as the action service knows it. */
export interface KnownCirrus {
  id: string;
  username: string;
  displayName: string;
}

/** The cirri's names as `people` keeps them from identity's events, and who follows whom from social's. */
export const peopleStore = {
  async byId(q: Queryable, id: string): Promise<KnownCirrus | null> {
    const { rows } = await q.query<{ id: string; username: string; display_name: string }>(
      `SELECT id, username, display_name FROM action.cirri WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? { id: row.id, username: row.username, displayName: row.display_name || row.username } : null;
  },

  async follow(q: Queryable, followerId: string, followeeId: string): Promise<void> {
    await q.query(
      `INSERT INTO action.follows (followee_id, follower_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [followeeId, followerId],
    );
  },

  async unfollow(q: Queryable, followerId: string, followeeId: string): Promise<void> {
    await q.query(`DELETE FROM action.follows WHERE followee_id = $1 AND follower_id = $2`, [
      followeeId,
      followerId,
    ]);
  },

  async follows(q: Queryable, followerId: string, followeeId: string): Promise<boolean> {
    const { rows } = await q.query(
      `SELECT 1 FROM action.follows WHERE followee_id = $1 AND follower_id = $2`,
      [followeeId, followerId],
    );
    return rows.length === 1;
  },

  /** A deleted cirrus: its follows both ways. */
  async removeFollows(q: Queryable, cirrusId: string): Promise<void> {
    await q.query(`DELETE FROM action.follows WHERE follower_id = $1 OR followee_id = $1`, [cirrusId]);
  },
};
