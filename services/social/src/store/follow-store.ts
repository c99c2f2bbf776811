import type { Queryable } from '@vellum/platform';

/** One person in a followers or following page, with the edge's `seq` (the next page's cursor). */
export interface PersonRow {
  seq: string;
  id: string;
  username: string;
  display_name: string;
  image: string;
}

export interface Page {
  limit: number;
  /** Only edges older than this one (a `seq` from the previous page). */
  cursor?: string;
}

export interface PeoplePage {
  people: PersonRow[];
  nextCursor: string | null;
}

/**
 * Reads one page newest first. One row more than asked tells whether another page follows.
 * `side` is the column that names the viewed cirrus, `other` the column of the people listed.
 */
async function page(
  q: Queryable,
  side: 'followee_id' | 'follower_id',
  other: 'follower_id' | 'followee_id',
  cirrusId: string,
  { limit, cursor }: Page,
): Promise<PeoplePage> {
  const { rows } = await q.query<PersonRow>(
    `SELECT f.seq::text AS seq, c.id, c.username, c.display_name, c.image
       FROM social.follows f JOIN social.cirri c ON c.id = f.${other}
      WHERE f.${side} = $1 AND ($2::bigint IS NULL OR f.seq < $2::bigint)
      ORDER BY f.seq DESC
      LIMIT $3`,
    [cirrusId, cursor ?? null, limit + 1],
  );
  const people = rows.slice(0, limit);
  return { people, nextCursor: rows.length > limit ? people[people.length - 1]!.seq : null };
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

  followers: (q: Queryable, cirrusId: string, p: Page) => page(q, 'followee_id', 'follower_id', cirrusId, p),
  following: (q: Queryable, cirrusId: string, p: Page) => page(q, 'follower_id', 'followee_id', cirrusId, p),
};
