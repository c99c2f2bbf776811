// What the baselines answer, written once: the vellum service's two read queries (services/vellum/src/store/
// vellum-store.ts: byId and discover) and the JSON it makes of them (domain/views.ts, domain/cursor.ts: the
// platform's keysetCursor, base64url of a JSON array of the last row's edit time and id), so a
// baseline does the same database work and sends the same bytes' worth as the product, without the product.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

const SUMMARY_COLUMNS = `v.id, v.owner_id, v.title, v.is_public, v.is_new, v.last_edited, a.username, a.display_name`;
const FROM = `vellum.vellums v LEFT JOIN vellum.authors a ON a.id = v.owner_id`;

export const BY_ID = `SELECT ${SUMMARY_COLUMNS}, v.body, v.created_at, v.rating_count, v.rating_sum FROM ${FROM} WHERE v.id = $1`;

/** The discovery query: the first page, or the page after a cursor's key. */
export function discoverQuery(after, limit) {
  const head = `SELECT ${SUMMARY_COLUMNS}, to_json(v.last_edited) #>> '{}' AS edited_key FROM ${FROM} WHERE v.is_public`;
  const tail = `ORDER BY v.last_edited DESC, v.id DESC LIMIT $1`;
  return after
    ? {
        sql: `${head} AND (v.last_edited, v.id) < ($2::timestamptz, $3::uuid) ${tail}`,
        params: [limit, after.editedAt, after.id],
      }
    : { sql: `${head} ${tail}`, params: [limit] };
}

const iso = (value) => new Date(value).toISOString();

function listItem(row) {
  return {
    i: row.id,
    title: row.title,
    last_edited: iso(row.last_edited),
    is_new: row.is_new,
    is_public: row.is_public,
    cirrus_i: row.owner_id,
    owned_by_cirrus: {
      i: row.owner_id,
      username: row.username ?? '',
      display_name: row.display_name || row.username || '',
    },
  };
}

export const isVellumId = (id) => UUID.test(id);

/** GET /api/vellum/{id} as a visitor sees it: a public vellum whole, anything else as nothing. */
export function readAnswer(row) {
  if (!row || !row.is_public) return { vellum: null, viewAuthorized: false, isOwner: false };
  return {
    vellum: { ...listItem(row), text: row.body, created_at: iso(row.created_at) },
    viewAuthorized: true,
    isOwner: false,
  };
}

/** ?limit= of a discovery page: 50 when absent, else digits from 1 to 100; undefined when it is not that. */
export function pageSize(raw) {
  if (raw === undefined || raw === null) return 50;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= 100 ? n : undefined;
}

const cursorOf = (key) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key in a cursor, null when it is not one, undefined when there is none. */
export function decodeCursor(cursor) {
  if (!cursor) return undefined;
  if (cursor.length > 400) return null;
  let key;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(key) || key.length !== 2 || cursorOf(key) !== cursor) return null;
  const [editedAt, id] = key;
  if (typeof editedAt !== 'string' || typeof id !== 'string' || !TIMESTAMP.test(editedAt) || !UUID.test(id))
    return null;
  return { editedAt, id };
}

/** A discovery page from `limit + 1` rows: the page, and a cursor when another follows. */
export function pageAnswer(rows, limit) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    vellums: page.map(listItem),
    nextCursor: rows.length > limit && last ? cursorOf([last.edited_key, last.id]) : null,
  };
}

export const BAD_REQUEST = {
  error: 'That page of the list does not exist; start again from the first page.',
};
