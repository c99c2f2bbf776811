import type { Queryable } from '@vellum/platform';

export interface Author {
  id: string;
  username: string;
  displayName: string;
}

/** The authors projection (from identity's events). */
export const authorStore = {
  /** What identity says of a cirrus: replaces username and display name. */
  async upsert(db: Queryable, author: Author): Promise<void> {
    await db.query(
      `INSERT INTO vellum.authors (id, username, display_name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, display_name = EXCLUDED.display_name`,
      [author.id, author.username, author.displayName],
    );
  },

  /**
   * What a signed caller tells of itself (id and username), for a writer whose sign-up event has not arrived yet;
   * never overrides what the events said.
   */
  async seed(db: Queryable, caller: { id: string; username: string }): Promise<void> {
    await db.query(`INSERT INTO vellum.authors (id, username) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      caller.id,
      caller.username,
    ]);
  },

  async byUsername(db: Queryable, username: string): Promise<Author | null> {
    const { rows } = await db.query<{ id: string; username: string; display_name: string }>(
      `SELECT id, username, display_name FROM vellum.authors WHERE lower(username) = lower($1) LIMIT 1`,
      [username],
    );
    const row = rows[0];
    return row ? { id: row.id, username: row.username, displayName: row.display_name } : null;
  },

  async remove(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM vellum.authors WHERE id = $1`, [id]);
  },
};
