import type { Queryable } from '@vellum/platform';

export interface Author {
  id: string;
  username: string;
  displayName: string;
}

/** Reads of the authors (`vellum.authors`, written by `authors` from identity's events and writers). */
export const authorStore = {
  async byUsername(db: Queryable, username: string): Promise<Author | null> {
    const { rows } = await db.query<{ id: string; username: string; display_name: string }>(
      `SELECT id, username, display_name FROM vellum.authors WHERE lower(username) = lower($1) LIMIT 1`,
      [username],
    );
    const row = rows[0];
    return row ? { id: row.id, username: row.username, displayName: row.display_name } : null;
  },
};
