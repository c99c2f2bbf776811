import type { Queryable } from '@vellum/platform';

/**
 * The per-cirrus read model (`analytics.cirri`): the other services' columns, written by the projection (identity's:
 * `cirri`), and the admin's email. Every write is an upsert, so an event that arrives before identity's
 * CirrusCreated (the topics are not ordered with each other) is kept too.
 */
export const cirriStore = {
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
};
