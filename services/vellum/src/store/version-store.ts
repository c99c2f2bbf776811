import type { Queryable } from '@vellum/platform';

/** A kept version without its text: a row of the history. */
export interface VersionSummary {
  id: string;
  title: string;
  savedAt: Date;
  size: number;
}

export interface VersionRecord extends VersionSummary {
  /** The document as JSON text, as it was stored; '' for an empty body. */
  body: string;
}

/** Where a history page starts: after this version in (saved_at DESC, id DESC) order. */
export interface VersionKey {
  savedAt: string;
  id: string;
}

interface SummaryRow {
  id: string;
  title: string;
  saved_at: Date | string;
  size: number;
}

const toSummary = (row: SummaryRow): VersionSummary => ({
  id: row.id,
  title: row.title,
  savedAt: new Date(row.saved_at),
  size: Number(row.size),
});

/**
 * True of a version `v` that retention drops: saved before the cutoff ($2) while a newer version of the same vellum
 * and the same UTC day was too. Reads leave these out, so a history shows the rule even before its next save prunes.
 */
const THINNED = `v.saved_at < $2 AND EXISTS (
  SELECT 1 FROM vellum.versions n
   WHERE n.vellum_id = v.vellum_id AND n.saved_at < $2
     AND (n.saved_at AT TIME ZONE 'UTC')::date = (v.saved_at AT TIME ZONE 'UTC')::date
     AND (n.saved_at, n.id) > (v.saved_at, v.id))`;

/** Postgres access for a vellum's versions; every function takes the connection or transaction to use. */
export const versionStore = {
  /**
   * Keeps the vellum's current title and text as version `versionId` before a save replaces them, unless they were
   * saved after `coalescedBefore` (and `always` is false), are empty (an empty vellum: nothing to restore) or are
   * what the save writes (`next`; a body left out is the current one). True when a version was kept.
   */
  async keepReplaced(
    db: Queryable,
    vellumId: string,
    versionId: string,
    rule: { coalescedBefore: Date; always: boolean; next: { title: string; body?: string } },
  ): Promise<boolean> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO vellum.versions (id, vellum_id, title, body, saved_at, size)
       SELECT $2, v.id, v.title, v.body, v.last_edited, octet_length(v.body) FROM vellum.vellums v
        WHERE v.id = $1 AND ($3::boolean OR v.last_edited <= $4)
          AND (v.title <> '' OR v.body <> '')
          AND (v.title <> $5 OR v.body <> COALESCE($6, v.body))
       RETURNING id`,
      [vellumId, versionId, rule.always, rule.coalescedBefore, rule.next.title, rule.next.body ?? null],
    );
    return rows.length > 0;
  },

  /** Deletes the vellum's versions retention drops (below); how many. */
  async prune(db: Queryable, vellumId: string, keptWholeSince: Date): Promise<number> {
    const { rowCount } = await db.query(
      `DELETE FROM vellum.versions v WHERE v.vellum_id = $1 AND ${THINNED}`,
      [vellumId, keptWholeSince],
    );
    return rowCount ?? 0;
  },

  /** A page of the vellum's versions, newest first, after `after` (keyset), without those retention drops. */
  async page(
    db: Queryable,
    vellumId: string,
    options: { keptWholeSince: Date; after?: VersionKey; limit: number },
  ): Promise<Array<VersionSummary & { key: VersionKey }>> {
    const params: unknown[] = [vellumId, options.keptWholeSince, options.limit];
    let where = `v.vellum_id = $1 AND NOT (${THINNED})`;
    if (options.after) {
      params.push(options.after.savedAt, options.after.id);
      where += ' AND (v.saved_at, v.id) < ($4::timestamptz, $5::uuid)';
    }
    const { rows } = await db.query<SummaryRow & { saved_key: string }>(
      // The key keeps the stored microseconds, which a JS Date would round away.
      `SELECT v.id, v.title, v.saved_at, v.size, to_json(v.saved_at) #>> '{}' AS saved_key FROM vellum.versions v
        WHERE ${where} ORDER BY v.saved_at DESC, v.id DESC LIMIT $3`,
      params,
    );
    return rows.map((row) => ({ ...toSummary(row), key: { savedAt: row.saved_key, id: row.id } }));
  },

  /** One version of the vellum with its text, unless retention drops it. */
  async byId(
    db: Queryable,
    vellumId: string,
    versionId: string,
    keptWholeSince: Date,
  ): Promise<VersionRecord | null> {
    const { rows } = await db.query<SummaryRow & { body: string }>(
      `SELECT v.id, v.title, v.saved_at, v.size, v.body FROM vellum.versions v
        WHERE v.vellum_id = $1 AND v.id = $3 AND NOT (${THINNED})`,
      [vellumId, keptWholeSince, versionId],
    );
    return rows[0] ? { ...toSummary(rows[0]), body: rows[0].body } : null;
  },
};
