import type { Queryable } from '@vellum/platform';

/** A cirrus as social knows it. */
export interface DirectoryEntry {
  id: string;
  username: string;
  displayName: string;
  image: string;
  followers: number;
  following: number;
}

interface EntryRow {
  id: string;
  username: string;
  display_name: string;
  image: string;
  followers: number;
  following: number;
}

const toEntry = (row: EntryRow): DirectoryEntry => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  image: row.image,
  followers: Number(row.followers),
  following: Number(row.following),
});

/** The directory table (`social.cirri`): reads for the routes, the follow counts (identity's word: `directory`). */
export const directoryStore = {
  /** A public (verified) cirrus by username, in any case. */
  async visible(q: Queryable, username: string): Promise<DirectoryEntry | undefined> {
    const { rows } = await q.query<EntryRow>(
      `SELECT id, username, display_name, image, followers, following
         FROM social.cirri WHERE lower(username) = lower($1) AND verified LIMIT 1`,
      [username],
    );
    return rows[0] && toEntry(rows[0]);
  },

  /**
   * Moves the follower's following count and the followee's followers count by `delta`. Both rows are locked in
   * id order first, so two cirri following each other at the same moment cannot deadlock. (NO KEY UPDATE: the
   * new edge's foreign keys hold KEY SHARE locks on the same rows, which a plain FOR UPDATE would wait for.)
   */
  async moveCounts(q: Queryable, followerId: string, followeeId: string, delta: 1 | -1): Promise<void> {
    await q.query(`SELECT id FROM social.cirri WHERE id IN ($1, $2) ORDER BY id FOR NO KEY UPDATE`, [
      followerId,
      followeeId,
    ]);
    await q.query(
      `UPDATE social.cirri
          SET following = following + CASE WHEN id = $1 THEN $3 ELSE 0 END,
              followers = followers + CASE WHEN id = $2 THEN $3 ELSE 0 END
        WHERE id IN ($1, $2)`,
      [followerId, followeeId, delta],
    );
  },

  /**
   * A deleted cirrus: its follows both ways go and the counts of the cirri on their other end move back (its entry
   * goes after, `directory`). Its row and the rows whose counts move are locked in id order first, as `moveCounts`
   * does.
   */
  async removeFollows(q: Queryable, cirrusId: string): Promise<void> {
    await q.query(
      `SELECT id FROM social.cirri
        WHERE id = $1
           OR id IN (SELECT followee_id FROM social.follows WHERE follower_id = $1)
           OR id IN (SELECT follower_id FROM social.follows WHERE followee_id = $1)
        ORDER BY id FOR NO KEY UPDATE`,
      [cirrusId],
    );
    await q.query(
      `UPDATE social.cirri c SET followers = c.followers - 1
         FROM social.follows f WHERE f.follower_id = $1 AND c.id = f.followee_id`,
      [cirrusId],
    );
    await q.query(
      `UPDATE social.cirri c SET following = c.following - 1
         FROM social.follows f WHERE f.followee_id = $1 AND c.id = f.follower_id`,
      [cirrusId],
    );
    await q.query(`DELETE FROM social.follows WHERE follower_id = $1 OR followee_id = $1`, [cirrusId]);
  },
};
