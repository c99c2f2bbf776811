import type { Queryable } from '@vellum/platform';

/**
 * The per-cirrus read model (`analytics.cirri`), written by the projection. Every write is an upsert, so an event
 * that arrives before identity's CirrusCreated (the topics are not ordered with each other) is kept too.
 */
export const cirriStore = {
  async created(
    q: Queryable,
    c: { id: string; email: string; username: string; firstName: string; lastName: string; at: Date },
  ): Promise<void> {
    await q.query(
      `INSERT INTO analytics.cirri (id, email, username, first_name, last_name, created)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, username = EXCLUDED.username,
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, created = EXCLUDED.created`,
      [c.id, c.email.toLowerCase(), c.username, c.firstName, c.lastName, c.at],
    );
  },

  async verified(q: Queryable, id: string): Promise<void> {
    await q.query(
      `INSERT INTO analytics.cirri (id, verified) VALUES ($1, true)
         ON CONFLICT (id) DO UPDATE SET verified = true`,
      [id],
    );
  },

  async renamed(q: Queryable, c: { id: string; username: string; firstName: string; lastName: string }) {
    await q.query(
      `INSERT INTO analytics.cirri (id, username, first_name, last_name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE
           SET username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [c.id, c.username, c.firstName, c.lastName],
    );
  },

  /** The latest sign-in wins, whatever order the sign-ins arrive in. */
  async signedIn(q: Queryable, id: string, at: Date): Promise<void> {
    await q.query(
      `INSERT INTO analytics.cirri (id, last_session) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE
           SET last_session = greatest(analytics.cirri.last_session, EXCLUDED.last_session)`,
      [id, at],
    );
  },

  /** Moves one of the counted columns of a cirrus by `delta`, never below zero. */
  async count(q: Queryable, id: string, column: 'vellums' | 'actions', delta: 1 | -1): Promise<void> {
    await q.query(
      `INSERT INTO analytics.cirri (id, ${column}) VALUES ($1, greatest($2::integer, 0))
         ON CONFLICT (id) DO UPDATE SET ${column} = greatest(analytics.cirri.${column} + $2::integer, 0)`,
      [id, delta],
    );
  },

  /** The email of a cirrus who verified it, or undefined (unknown or not verified). */
  async verifiedEmail(q: Queryable, id: string): Promise<string | undefined> {
    const { rows } = await q.query<{ email: string }>(
      `SELECT email FROM analytics.cirri WHERE id = $1 AND verified AND created IS NOT NULL`,
      [id],
    );
    return rows[0]?.email;
  },

  /** A deleted cirrus: its row (email, names, counts) goes. */
  async remove(q: Queryable, id: string): Promise<void> {
    await q.query(`DELETE FROM analytics.cirri WHERE id = $1`, [id]);
  },
};
