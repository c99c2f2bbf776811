import type { Queryable } from '@vellum/platform';

/** One person in a followers or following page, with the edge's `seq` (its place in the list). */
export interface PersonRow {
  seq: string;
  id: string;
  username: string;
  display_name: string;
  image: string;
}

export interface PeopleQuery {
  /** How many rows to read. */
  limit: number;
  /** Only edges older than this one (a `seq`). */
  before?: string;
}

/**
 * Reads up to `limit` people, newest edge first. `side` is the column that names the viewed cirrus, `other` the
 * column of the people listed.
 */
async function people(
  q: Queryable,
  side: 'followee_id' | 'follower_id',
  other: 'follower_id' | 'followee_id',
  cirrusId: string,
  { limit, before }: PeopleQuery,
): Promise<PersonRow[]> {
  const { rows } = await q.query<PersonRow>(
    `SELECT f.seq::text AS seq, c.id, c.username, c.display_name, c.image
       FROM social.follows f JOIN social.cirri c ON c.id = f.${other}
      WHERE f.${side} = $1 AND ($2::bigint IS NULL OR f.seq < $2::bigint)
      ORDER BY f.seq DESC
      LIMIT $3`,
    [cirrusId, before ?? null, limit],
  );
  return rows;
}

/** The follow edges (`social.follows`). */
export const followStore = {
  /** True when the edge is new (following again changes nothing). */
  async follow(q: Queryable, followerId: string, followeeId: string, at: Date): Promise<boolean> {
    const { rows } = await q.query(
      `INSERT INTO social.follows (follower_id, followee_id, followed_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING seq`,
      [followerId, followeeId, at],
    );
    return rows.length === 1;
  },

  /** True when an edge was removed (unfollowing again changes nothing). */
  async unfollow(q: Queryable, followerId: string, followeeId: string): Promise<boolean> {
    const { rows } = await q.query(
      `DELETE FROM social.follows WHERE follower_id = $1 AND followee_id = $2 RETURNING seq`,
      [followerId, followeeId],
    );
    return rows.length === 1;
  },

  async isFollowing(q: Queryable, followerId: string, followeeId: string): Promise<boolean> {
    const { rows } = await q.query(
      `SELECT 1 FROM social.follows WHERE follower_id = $1 AND followee_id = $2`,
      [followerId, followeeId],
    );
    return rows.length === 1;
  },

  followers: (q: Queryable, cirrusId: string, query: PeopleQuery) =>
    people(q, 'followee_id', 'follower_id', cirrusId, query),
  following: (q: Queryable, cirrusId: string, query: PeopleQuery) =>
    people(q, 'follower_id', 'followee_id', cirrusId, query),
};
