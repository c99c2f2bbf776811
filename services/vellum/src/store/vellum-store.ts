import { HEADLINE_OPTIONS, tsquerySql, type Db, type Queryable } from '@vellum/platform';
import { VELLUM_SEARCH_RANKED } from '@vellum/proto';
import { TITLE_HEADLINE_OPTIONS } from '../domain/snippet';

/** A vellum without its body, with its author: a row of a list. */
export interface VellumSummary {
  id: string;
  ownerId: string;
  title: string;
  isPublic: boolean;
  isNew: boolean;
  lastEdited: Date;
  author: { username: string; displayName: string };
}

export interface VellumRecord extends VellumSummary {
  /** The document as JSON text; '' for an empty vellum. */
  body: string;
  createdAt: Date;
  ratingCount: number;
  ratingSum: number;
  /** 1 when created, one more with every save. */
  revision: number;
}

export interface NewVellum {
  id: string;
  ownerId: string;
  title: string;
  body: string;
  bodyText: string;
  at: Date;
}

export interface LockedVellum {
  id: string;
  ownerId: string;
  isPublic: boolean;
  title: string;
  revision: number;
}

/** Where a discovery page starts: after this vellum in (last_edited DESC, id DESC) order. */
export interface DiscoveryKey {
  editedAt: string;
  id: string;
}

/** Where a search page starts: after this vellum in (rank DESC, id DESC) order; `rank` as Postgres writes a real. */
export interface SearchKey {
  rank: string;
  id: string;
}

/** A vellum a search found: its rank (the key of the next page) and its headlines (`domain/snippet.ts`). */
export interface SearchRow extends VellumSummary {
  key: SearchKey;
  headline: string;
  titleHeadline: string;
}

interface SummaryRow {
  id: string;
  owner_id: string;
  title: string;
  is_public: boolean;
  is_new: boolean;
  last_edited: Date | string;
  username: string | null;
  display_name: string | null;
}

interface RecordRow extends SummaryRow {
  body: string;
  created_at: Date | string;
  rating_count: number;
  rating_sum: number;
  revision: number;
}

const SUMMARY_COLUMNS = `v.id, v.owner_id, v.title, v.is_public, v.is_new, v.last_edited, a.username, a.display_name`;
const FROM = `vellum.vellums v LEFT JOIN vellum.authors a ON a.id = v.owner_id`;

const toSummary = (row: SummaryRow): VellumSummary => ({
  id: row.id,
  ownerId: row.owner_id,
  title: row.title,
  isPublic: row.is_public,
  isNew: row.is_new,
  lastEdited: new Date(row.last_edited),
  author: { username: row.username ?? '', displayName: row.display_name ?? '' },
});

const toRecord = (row: RecordRow): VellumRecord => ({
  ...toSummary(row),
  body: row.body,
  createdAt: new Date(row.created_at),
  ratingCount: Number(row.rating_count),
  ratingSum: Number(row.rating_sum),
  revision: Number(row.revision),
});

/** Postgres access for vellums; every function takes the connection or transaction to use. */
export const vellumStore = {
  async insert(db: Queryable, v: NewVellum): Promise<void> {
    await db.query(
      `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, created_at, last_edited)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [v.id, v.ownerId, v.title, v.body, v.bodyText, v.at],
    );
  },

  async byId(db: Queryable, id: string): Promise<VellumRecord | null> {
    const { rows } = await db.query<RecordRow>(
      `SELECT ${SUMMARY_COLUMNS}, v.body, v.created_at, v.rating_count, v.rating_sum, v.revision FROM ${FROM} WHERE v.id = $1`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  },

  /** The vellum's owner, without reading its body; null when there is no such vellum. */
  async ownerOf(db: Queryable, id: string): Promise<{ ownerId: string } | null> {
    const { rows } = await db.query<{ owner_id: string }>(
      `SELECT owner_id FROM vellum.vellums WHERE id = $1`,
      [id],
    );
    return rows[0] ? { ownerId: rows[0].owner_id } : null;
  },

  /** Locks the vellum for the rest of the transaction: writes to one vellum happen one after the other. */
  async lock(db: Queryable, id: string): Promise<LockedVellum | null> {
    const { rows } = await db.query<{
      owner_id: string;
      is_public: boolean;
      title: string;
      revision: number;
    }>(`SELECT owner_id, is_public, title, revision FROM vellum.vellums WHERE id = $1 FOR UPDATE`, [id]);
    const row = rows[0];
    return row
      ? {
          id,
          ownerId: row.owner_id,
          isPublic: row.is_public,
          title: row.title,
          revision: Number(row.revision),
        }
      : null;
  },

  /** Saves a new title and, when given, a new body; the vellum is no longer new and its revision moves on. */
  async save(
    db: Queryable,
    id: string,
    change: { title: string; body?: { json: string; text: string }; at: Date },
  ): Promise<void> {
    await db.query(
      `UPDATE vellum.vellums
          SET title = $2, body = COALESCE($3, body), body_text = COALESCE($4, body_text),
              is_new = false, last_edited = $5, revision = revision + 1
        WHERE id = $1`,
      [id, change.title, change.body?.json ?? null, change.body?.text ?? null, change.at],
    );
  },

  async setPublic(db: Queryable, id: string, isPublic: boolean): Promise<void> {
    await db.query(`UPDATE vellum.vellums SET is_public = $2 WHERE id = $1`, [id, isPublic]);
  },

  async remove(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM vellum.vellums WHERE id = $1`, [id]);
  },

  /** A deleted cirrus's vellums, with the ratings they received (the foreign key's cascade). */
  async removeByOwner(db: Queryable, ownerId: string): Promise<void> {
    await db.query(`DELETE FROM vellum.vellums WHERE owner_id = $1`, [ownerId]);
  },

  /** One author's vellums, newest edited first; only the public ones unless `all`. */
  async listByOwner(db: Queryable, ownerId: string, options: { all: boolean }): Promise<VellumSummary[]> {
    const { rows } = await db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${FROM}
        WHERE v.owner_id = $1 ${options.all ? '' : 'AND v.is_public'} ORDER BY v.last_edited DESC, v.id DESC`,
      [ownerId],
    );
    return rows.map(toSummary);
  },

  /**
   * A page of the vellums whose words match `tsquery` (the platform's `tsqueryOf`, a parameter: never SQL), best
   * match first, after `after`: one owner's (all of them, or only the public ones) or everybody's public ones.
   * Ranked are the VELLUM_SEARCH_RANKED most recently edited matches (`ts_rank_cd` reads every word's positions, so
   * ranking all of a common word's matches grows with the data); with a phrase, the newest matches of its words
   * (`wordsTsquery`, which the text index answers) are checked for the phrase until the window is full. Visibility is read here, on the vellums themselves, so a vellum made private or deleted
   * leaves every other reader's results with its commit. Only the page's rows get a headline.
   */
  search(
    db: Db,
    options: {
      tsquery: string;
      /** `tsqueryWordsText` of the search: given when it has a phrase. */
      wordsTsquery?: string | null;
      scope: { ownerId: string; all: boolean } | 'public';
      after?: SearchKey;
      limit: number;
    },
  ): Promise<{ rows: SearchRow[]; windowFull: boolean }> {
    const params: unknown[] = [options.tsquery, options.limit];
    const query = tsquerySql('$1');
    const words = options.wordsTsquery ? tsquerySql(`$${params.push(options.wordsTsquery)}`) : query;
    const where = [`v.search_doc @@ ${words}`];
    if (options.scope === 'public' || !options.scope.all) where.push('v.is_public');
    if (options.scope !== 'public') {
      params.push(options.scope.ownerId);
      where.push(`v.owner_id = $${params.length}`);
    }
    let after = '';
    if (options.after) {
      params.push(options.after.rank, options.after.id);
      after = `WHERE (m.rank, m.id) < ($${params.length - 1}::real, $${params.length}::uuid)`;
    }
    const found = `SELECT v.id, v.search_doc FROM vellum.vellums v WHERE ${where.join(' AND ')}
                    ORDER BY v.last_edited DESC, v.id DESC`;
    // OFFSET 0 keeps a subquery apart: the phrase is checked on the sorted matches, and each rank is computed once,
    // for the order and the cursor.
    const window = options.wordsTsquery
      ? `SELECT f.id, f.search_doc FROM (${found} OFFSET 0) f WHERE f.search_doc @@ ${query}
          LIMIT ${VELLUM_SEARCH_RANKED}`
      : `${found} LIMIT ${VELLUM_SEARCH_RANKED}`;
    // The planner picks the way to the window: for a common word, the date index read newest first until the window
    // is full; for a rare one, the text index and a sort. It needs statistics for that (the embedded mode's PGlite
    // gets them from `tableUpkeep`). Not in parallel: workers hand every row they sort to the leader, words and all
    // (a phrase's window took 190 ms so on Postgres with 200,000 vellums, 28 ms without).
    return db.transaction(async (tx) => {
      await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
      const { rows: page } = await tx.query<{ id: string; rank_key: string; window_size: number }>(
        `WITH w AS MATERIALIZED (${window})
           SELECT m.id, m.rank::text AS rank_key, (SELECT count(*) FROM w)::int AS window_size
             FROM (SELECT w.id, ts_rank_cd(w.search_doc, ${query}) AS rank FROM w OFFSET 0) m
            ${after} ORDER BY m.rank DESC, m.id DESC LIMIT $2`,
        params,
      );
      if (page.length === 0) return { rows: [], windowFull: false };
      // Only the page's rows are read whole, each by its key, and get a headline.
      const { rows } = await tx.query<SummaryRow & { headline: string; title_headline: string }>(
        `SELECT ${SUMMARY_COLUMNS},
                ts_headline('russian', v.body_text, ${query}, $3) AS headline,
                ts_headline('russian', v.title, ${query}, $4) AS title_headline
           FROM unnest($2::uuid[]) WITH ORDINALITY AS p(id, n)
           JOIN vellum.vellums v ON v.id = p.id LEFT JOIN vellum.authors a ON a.id = v.owner_id
          ORDER BY p.n`,
        [options.tsquery, page.map((r) => r.id), HEADLINE_OPTIONS, TITLE_HEADLINE_OPTIONS],
      );
      const rankOf = new Map(page.map((r) => [r.id, r.rank_key]));
      return {
        rows: rows.map((row) => ({
          ...toSummary(row),
          key: { rank: rankOf.get(row.id)!, id: row.id },
          headline: row.headline,
          titleHeadline: row.title_headline,
        })),
        windowFull: page[0]!.window_size === VELLUM_SEARCH_RANKED,
      };
    });
  },

  /** A page of public vellums, newest edited first, after `after` (keyset: no rows skipped or counted). */
  async discover(
    db: Queryable,
    options: { after?: DiscoveryKey; limit: number },
  ): Promise<Array<VellumSummary & { key: DiscoveryKey }>> {
    const params: unknown[] = [options.limit];
    let where = 'v.is_public';
    if (options.after) {
      params.push(options.after.editedAt, options.after.id);
      where += ' AND (v.last_edited, v.id) < ($2::timestamptz, $3::uuid)';
    }
    const { rows } = await db.query<SummaryRow & { edited_key: string }>(
      // The key keeps the stored microseconds, which a JS Date would round away.
      `SELECT ${SUMMARY_COLUMNS}, to_json(v.last_edited) #>> '{}' AS edited_key FROM ${FROM}
        WHERE ${where} ORDER BY v.last_edited DESC, v.id DESC LIMIT $1`,
      params,
    );
    return rows.map((row) => ({ ...toSummary(row), key: { editedAt: row.edited_key, id: row.id } }));
  },

  /** The newest public vellums of the cirri `followerId` follows (the follows projection), newest edited first. */
  async followedPublic(db: Queryable, followerId: string, limit: number): Promise<VellumSummary[]> {
    const { rows } = await db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${FROM} JOIN vellum.follows f ON f.followee_id = v.owner_id
        WHERE f.follower_id = $1 AND v.is_public ORDER BY v.last_edited DESC, v.id DESC LIMIT $2`,
      [followerId, limit],
    );
    return rows.map(toSummary);
  },

  /** Public vellums whose score shows, best average first (then most rated, newest). */
  async bestRated(db: Queryable, minRatings: number, limit: number): Promise<VellumSummary[]> {
    const { rows } = await db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${FROM}
        WHERE v.is_public AND v.rating_count >= $1
        ORDER BY v.rating_sum::float8 / v.rating_count DESC, v.rating_count DESC, v.last_edited DESC, v.id DESC
        LIMIT $2`,
      [minRatings, limit],
    );
    return rows.map(toSummary);
  },

  /** Authors with the most public vellums (then the most recently active). */
  async creators(
    db: Queryable,
    limit: number,
  ): Promise<
    Array<{ id: string; username: string; displayName: string; publicVellums: number; lastEdited: Date }>
  > {
    const { rows } = await db.query<{
      owner_id: string;
      username: string | null;
      display_name: string | null;
      public_vellums: number;
      last_edited: Date | string;
    }>(
      `SELECT c.owner_id, a.username, a.display_name, c.public_vellums, c.last_edited
         FROM (SELECT owner_id, count(*)::int AS public_vellums, max(last_edited) AS last_edited
                 FROM vellum.vellums WHERE is_public GROUP BY owner_id
                ORDER BY public_vellums DESC, last_edited DESC LIMIT $1) c
         LEFT JOIN vellum.authors a ON a.id = c.owner_id
        ORDER BY c.public_vellums DESC, c.last_edited DESC`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.owner_id,
      username: row.username ?? '',
      displayName: row.display_name ?? '',
      publicVellums: Number(row.public_vellums),
      lastEdited: new Date(row.last_edited),
    }));
  },
};
