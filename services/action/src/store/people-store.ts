import type { Queryable } from '@vellum/platform';

/** A cirrus as the action service knows it. */
export interface KnownCirrus {
  id: string;
  username: string;
  displayName: string;
}

/** The projections of identity's and social's events: names of cirri, and who follows whom. */
export const peopleStore = {
  /** Identity's word on a cirrus's names (created, profile changed): it replaces what was known. */
  async named(q: Queryable, c: KnownCirrus): Promise<void> {
    await q.query(
      `INSERT INTO action.cirri (id, username, display_name) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, display_name = EXCLUDED.display_name`,
      [c.id, c.username, c.displayName],
    );
  },

  /** A cirrus seen in a follow event: its username, unless identity's events already told more. */
  async seen(q: Queryable, c: { id: string; username: string }): Promise<void> {
    await q.query(`INSERT INTO action.cirri (id, username) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      c.id,
      c.username,
    ]);
  },

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

  /** A deleted cirrus: its name and its follows both ways. */
  async remove(q: Queryable, cirrusId: string): Promise<void> {
    await q.query(`DELETE FROM action.follows WHERE follower_id = $1 OR followee_id = $1`, [cirrusId]);
    await q.query(`DELETE FROM action.cirri WHERE id = $1`, [cirrusId]);
  },
};
