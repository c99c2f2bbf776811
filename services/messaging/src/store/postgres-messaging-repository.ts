import {
  appendOutbox,
  deletedCirri,
  firstTimeInInbox,
  HEADLINE_OPTIONS,
  postgresUnitOfWork,
  snippetOf,
  tsqueryText,
  tsquerySql,
  type Db,
  type PendingEvents,
  type Queryable,
} from '@vellum/platform';
import type {
  KnownCirrus,
  MessagingRepository,
  MessagingStore,
  MessagingWrites,
  NotificationMarks,
  StoredConversation,
  StoredNotification,
  StoredMessage,
  StoredVellum,
} from './messaging-repository';
import { SCHEMA } from './migrations';

interface CirrusRow {
  id: string;
  username: string;
  display_name: string;
  image: string;
  verified: boolean;
}
interface ConversationRow {
  id: string;
  pair_key: string;
  participant_a: string;
  participant_b: string;
  started_by: string;
  started_at: Date | string;
  vellums: Array<{ id: string; owner: string }> | string;
}
interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  text: string;
  sent_at: Date | string;
  key: string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
}
interface NotificationRow {
  id: string;
  recipient_id: string;
  actor_id: string;
  kind: StoredNotification['kind'];
  subject_id: string;
  at: Date | string;
  key: string;
}
interface VellumRow {
  id: string;
  conversation_id: string;
  owner_id: string;
  title: string;
  body: string;
  last_edited: Date | string | null;
}

const toCirrus = (r: CirrusRow): KnownCirrus => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  image: r.image,
  verified: r.verified,
});

const toConversation = (r: ConversationRow): StoredConversation => ({
  id: r.id,
  participants: [r.participant_a, r.participant_b],
  pairKey: r.pair_key,
  startedBy: r.started_by,
  startedAt: new Date(r.started_at),
  vellums: (typeof r.vellums === 'string'
    ? (JSON.parse(r.vellums) as StoredConversation['vellums'])
    : r.vellums
  )
    .slice()
    .sort((a, b) => a.owner.localeCompare(b.owner)),
});

const toMessage = (r: MessageRow): StoredMessage => ({
  id: r.id,
  conversation: r.conversation_id,
  sender: r.sender_id,
  recipient: r.recipient_id,
  text: r.text,
  sentAt: new Date(r.sent_at),
  key: r.key,
  editedAt: r.edited_at === null ? null : new Date(r.edited_at),
  deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
});

const toNotification = (r: NotificationRow): StoredNotification => ({
  id: r.id,
  recipient: r.recipient_id,
  actor: r.actor_id,
  kind: r.kind,
  subject: r.subject_id,
  at: new Date(r.at),
  key: r.key,
});

const NOTIFICATION =
  'SELECT id, recipient_id, actor_id, kind, subject_id, at, key FROM messaging.notifications';
/** The recipient's greatest mark of a kind (`recipient` their parameter), '' when none. */
const MARK = (kind: 'read' | 'cleared', recipient = '$1') =>
  `(SELECT COALESCE(max(key), '') FROM messaging.notification_marks
     WHERE recipient_id = ${recipient}::uuid AND kind = '${kind}')`;

const CIRRUS = 'SELECT id, username, display_name, image, verified FROM messaging.cirri';
const CONVERSATION = `
  SELECT c.id, c.pair_key, c.participant_a, c.participant_b, c.started_by, c.started_at,
         (SELECT json_agg(json_build_object('id', v.id, 'owner', v.owner_id))
            FROM messaging.conversation_vellums v WHERE v.conversation_id = c.id) AS vellums
    FROM messaging.conversations c`;
const MESSAGE_COLUMNS =
  'id, conversation_id, sender_id, recipient_id, text, sent_at, key, edited_at, deleted_at';
const MESSAGE = `SELECT ${MESSAGE_COLUMNS} FROM messaging.messages`;

export interface PostgresMessagingOptions {
  /**
   * How many of a conversation's newest messages (below the page's cursor) a search reads through the key index,
   * checking each one's words, before it asks the GIN index for the older ones (default 2,000).
   */
  searchScan?: number;
}

/** Whether any of `ids` was deleted; a deletion of any waits for the end of the transaction `tx`. */
const anyDeleted = (tx: Queryable, ids: readonly string[]) => deletedCirri.anyDeleted(tx, SCHEMA, ids);

/** The messaging repository on Postgres (embedded on PGlite, or a real server) through the platform's Db port. */
export function postgresMessagingRepository(
  db: Db,
  { searchScan = 2000 }: PostgresMessagingOptions = {},
): MessagingRepository {
  const conversationWhere = async (where: string, params: unknown[]) =>
    (await db.query<ConversationRow>(`${CONVERSATION} WHERE ${where}`, params)).rows.map(toConversation);
  const cirrusWhere = async (where: string, params: unknown[], q: Queryable = db) => {
    const { rows } = await q.query<CirrusRow>(`${CIRRUS} WHERE ${where} LIMIT 1`, params);
    return rows[0] ? toCirrus(rows[0]) : null;
  };
  return {
    async forgetAppliedCirri() {
      await db.query(`DELETE FROM messaging.inbox WHERE consumer = 'cirri'`);
    },

    applyCirrus: (eventId, c) =>
      db.transaction(async (tx) => {
        if (!(await firstTimeInInbox(tx, SCHEMA, 'cirri', eventId))) return false;
        if (await anyDeleted(tx, [c.id])) return false;
        await tx.query(
          `INSERT INTO messaging.cirri (id, username, username_key, display_name, image, verified)
           VALUES ($1, $2, lower($2), COALESCE($3, ''), COALESCE($4, ''), COALESCE($5, false))
           ON CONFLICT (id) DO UPDATE
             SET username = EXCLUDED.username, username_key = EXCLUDED.username_key,
                 display_name = COALESCE($3, messaging.cirri.display_name),
                 image = COALESCE($4, messaging.cirri.image),
                 verified = messaging.cirri.verified OR COALESCE($5, false)`,
          [c.id, c.username, c.displayName ?? null, c.image ?? null, c.verified ?? null],
        );
        return true;
      }),

    cirrus: (id) => cirrusWhere('id = $1', [id]),
    cirrusByUsername: (username) => cirrusWhere('username_key = lower($1)', [username]),

    rememberCaller: (caller) =>
      db.transaction(async (tx) => {
        if (await anyDeleted(tx, [caller.id])) return null;
        await tx.query(
          `INSERT INTO messaging.cirri (id, username, username_key, verified) VALUES ($1, $2, lower($2), true)
           ON CONFLICT (id) DO NOTHING`,
          [caller.id, caller.username],
        );
        return cirrusWhere('id = $1', [caller.id], tx);
      }),

    async conversation(id) {
      return (await conversationWhere('c.id = $1', [id]))[0] ?? null;
    },
    removeCirrus: (eventId, cirrusId) =>
      db.transaction(async (tx) => {
        if (!(await firstTimeInInbox(tx, SCHEMA, 'cirri', eventId))) return;
        await deletedCirri.record(tx, SCHEMA, cirrusId);
        const theirs = `SELECT id FROM messaging.conversations WHERE participant_a = $1 OR participant_b = $1`;
        await tx.query(`DELETE FROM messaging.messages WHERE conversation_id IN (${theirs})`, [cirrusId]);
        await tx.query(`DELETE FROM messaging.read_marks WHERE conversation_id IN (${theirs})`, [cirrusId]);
        await tx.query(`DELETE FROM messaging.conversation_vellums WHERE conversation_id IN (${theirs})`, [
          cirrusId,
        ]);
        await tx.query(`DELETE FROM messaging.conversations WHERE id IN (${theirs})`, [cirrusId]);
        await tx.query(`DELETE FROM messaging.notifications WHERE recipient_id = $1 OR actor_id = $1`, [
          cirrusId,
        ]);
        await tx.query(`DELETE FROM messaging.notification_marks WHERE recipient_id = $1`, [cirrusId]);
        await tx.query(`DELETE FROM messaging.presence_settings WHERE cirrus_id = $1`, [cirrusId]);
        await tx.query(`DELETE FROM messaging.cirri WHERE id = $1`, [cirrusId]);
      }),

    async existingPairs(pairKeys) {
      if (pairKeys.length === 0) return new Set();
      const { rows } = await db.query<{ pair_key: string }>(
        'SELECT pair_key FROM messaging.conversations WHERE pair_key = ANY($1::text[])',
        [pairKeys],
      );
      return new Set(rows.map((r) => r.pair_key));
    },

    async presenceHidden(ids) {
      if (ids.length === 0) return new Set();
      const { rows } = await db.query<{ cirrus_id: string }>(
        'SELECT cirrus_id FROM messaging.presence_settings WHERE cirrus_id = ANY($1::uuid[]) AND hidden',
        [ids],
      );
      return new Set(rows.map((r) => r.cirrus_id));
    },

    setPresenceHidden: (id, hidden) =>
      db.transaction(async (tx) => {
        if (await anyDeleted(tx, [id])) return false;
        await tx.query(
          `INSERT INTO messaging.presence_settings (cirrus_id, hidden) VALUES ($1, $2)
           ON CONFLICT (cirrus_id) DO UPDATE SET hidden = EXCLUDED.hidden`,
          [id, hidden],
        );
        return true;
      }),

    conversationsOf: (participant) =>
      conversationWhere('c.participant_a = $1 OR c.participant_b = $1', [participant]),

    async counterpartsOf(participant) {
      const { rows } = await db.query<{ other: string }>(
        `SELECT participant_b AS other FROM messaging.conversations WHERE participant_a = $1
         UNION ALL
         SELECT participant_a FROM messaging.conversations WHERE participant_b = $1`,
        [participant],
      );
      return rows.map((r) => r.other);
    },

    async message(id) {
      const { rows } = await db.query<MessageRow>(`${MESSAGE} WHERE id = $1`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    async messages(conversation, { beforeKey, afterKey, limit }) {
      if (afterKey !== undefined) {
        const { rows } = await db.query<MessageRow>(
          `${MESSAGE} WHERE conversation_id = $1 AND key > $2 ORDER BY key ASC LIMIT $3`,
          [conversation, afterKey, limit],
        );
        return rows.map(toMessage).reverse();
      }
      const { rows } = await db.query<MessageRow>(
        `${MESSAGE} WHERE conversation_id = $1 AND ($2::text IS NULL OR key < $2) ORDER BY key DESC LIMIT $3`,
        [conversation, beforeKey ?? null, limit],
      );
      return rows.map(toMessage);
    },

    searchMessages: (conversation, search, { beforeKey, limit }) =>
      db.transaction(async (tx) => {
        // The words as a parameter, never SQL.
        const words = tsqueryText(search);
        const match = `search_doc @@ ${tsquerySql('$2')} AND deleted_at IS NULL`;
        // Two ways to a page, both bounded. First the conversation's newest searchScan messages in key order,
        // their words checked one by one: a frequent word fills the page there. Without statistics (PGlite has
        // no autovacuum) the planner would read every message of the conversation and sort them, so this one
        // statement may not.
        await tx.query('SET LOCAL enable_bitmapscan = off');
        await tx.query('SET LOCAL enable_sort = off');
        const { rows: recent } = await tx.query<{
          scanned: number;
          edge: string | null;
          ids: string[] | null;
        }>(
          `SELECT count(*)::int AS scanned, min(key) AS edge,
                  (array_agg(id ORDER BY key DESC) FILTER (WHERE ${match}))[1:$3] AS ids
             FROM (SELECT id, key, search_doc, deleted_at FROM messaging.messages
                    WHERE conversation_id = $1 AND ($4::text IS NULL OR key < $4)
                    ORDER BY key DESC LIMIT ${searchScan}) recent`,
          [conversation, words, limit, beforeKey ?? null],
        );
        await tx.query('RESET enable_bitmapscan');
        await tx.query('RESET enable_sort');
        const ids = recent[0]?.ids ?? [];
        // Then, when the page is not full and older messages remain, the GIN index below them: a rarer word, few
        // matches to sort.
        if (ids.length < limit && recent[0]?.scanned === searchScan) {
          // From the GIN index, never by walking the key index back through every older message and reading its
          // words, which a planner without statistics may choose for the LIMIT (two words rarely found together).
          await tx.query('SET LOCAL enable_indexscan = off');
          const { rows: older } = await tx.query<{ id: string }>(
            `SELECT id FROM messaging.messages WHERE conversation_id = $1 AND ${match} AND key < $3
              ORDER BY key DESC LIMIT $4`,
            [conversation, words, recent[0].edge, limit - ids.length],
          );
          ids.push(...older.map((r) => r.id));
          await tx.query('RESET enable_indexscan');
        }
        if (ids.length === 0) return [];
        // Only the page's messages get a headline.
        const { rows } = await tx.query<MessageRow & { headline: string }>(
          `SELECT ${MESSAGE_COLUMNS}, ts_headline('russian', text, ${tsquerySql('$2')}, $3) AS headline
             FROM messaging.messages WHERE id = ANY($1::uuid[]) ORDER BY key DESC`,
          [ids, words, HEADLINE_OPTIONS],
        );
        return rows.map((r) => ({ message: toMessage(r), snippet: snippetOf(r.headline) }));
      }),

    async lastMessages(conversations) {
      if (conversations.length === 0) return new Map();
      const { rows } = await db.query<MessageRow>(
        `SELECT DISTINCT ON (conversation_id) ${MESSAGE_COLUMNS}
           FROM messaging.messages WHERE conversation_id = ANY($1::uuid[]) ORDER BY conversation_id, key DESC`,
        [conversations],
      );
      return new Map(rows.map((r) => [r.conversation_id, toMessage(r)]));
    },

    addReadMark: (mark) =>
      db.transaction(async (tx) => {
        const participants = async () =>
          (
            await tx.query<{ participant_a: string; participant_b: string }>(
              'SELECT participant_a, participant_b FROM messaging.conversations WHERE id = $1',
              [mark.conversation],
            )
          ).rows.flatMap((r) => [r.participant_a, r.participant_b]);
        const before = await participants();
        // Read again once the participants' deletions are held off: one may have removed it meanwhile.
        if (before.length === 0 || (await anyDeleted(tx, before)) || (await participants()).length === 0)
          return false;
        await tx.query(
          `INSERT INTO messaging.read_marks (conversation_id, reader_id, key, message_id, marked_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [mark.conversation, mark.reader, mark.key, mark.upTo, mark.at],
        );
        return true;
      }),

    async readMarks(conversation) {
      const { rows } = await db.query<{ reader_id: string; key: string }>(
        `SELECT reader_id, max(key) AS key FROM messaging.read_marks WHERE conversation_id = $1 GROUP BY reader_id`,
        [conversation.id],
      );
      return new Map(rows.map((r) => [r.reader_id, r.key]));
    },

    async editMessage(id, text, at) {
      const { rowCount } = await db.query(
        'UPDATE messaging.messages SET text = $2, edited_at = $3 WHERE id = $1 AND deleted_at IS NULL',
        [id, text, at],
      );
      return rowCount === 1;
    },

    async deleteMessage(id, at) {
      const { rowCount } = await db.query(
        `UPDATE messaging.messages SET text = '', deleted_at = COALESCE(deleted_at, $2) WHERE id = $1`,
        [id, at],
      );
      return rowCount === 1;
    },

    async unread(reader) {
      const { rows } = await db.query<{ conversation_id: string; n: number }>(
        `SELECT m.conversation_id, count(*)::int AS n
           FROM messaging.messages m
           LEFT JOIN (SELECT conversation_id, max(key) AS key FROM messaging.read_marks
                       WHERE reader_id = $1 GROUP BY conversation_id) r ON r.conversation_id = m.conversation_id
          WHERE m.recipient_id = $1 AND m.deleted_at IS NULL AND (r.key IS NULL OR m.key > r.key)
          GROUP BY m.conversation_id`,
        [reader],
      );
      return new Map(rows.map((r) => [r.conversation_id, Number(r.n)]));
    },

    async vellum(id) {
      const { rows } = await db.query<VellumRow>(
        `SELECT id, conversation_id, owner_id, title, body, last_edited FROM messaging.conversation_vellums
          WHERE id = $1`,
        [id],
      );
      const r = rows[0];
      return r
        ? {
            id: r.id,
            conversation: r.conversation_id,
            owner: r.owner_id,
            title: r.title,
            text: r.body,
            lastEdited: r.last_edited === null ? null : new Date(r.last_edited),
          }
        : null;
    },

    async saveVellum(v: StoredVellum) {
      await db.query(
        'UPDATE messaging.conversation_vellums SET title = $2, body = $3, last_edited = $4 WHERE id = $1',
        [v.id, v.title, v.text, v.lastEdited],
      );
    },

    addNotification: (n, keptSince) =>
      db.transaction(async (tx) => {
        if (!(await firstTimeInInbox(tx, SCHEMA, 'notifications', n.id))) return false;
        if (n.at < keptSince || (await anyDeleted(tx, [n.actor, n.recipient]))) return false;
        const { rowCount } = await tx.query(
          `INSERT INTO messaging.notifications (id, recipient_id, actor_id, kind, subject_id, at, key)
           SELECT $1::uuid, $2::uuid, $3::uuid, $4, $5::uuid, $6::timestamptz, $7::text
            WHERE $7::text > ${MARK('cleared', '$2')}
              AND NOT EXISTS (SELECT 1 FROM messaging.notifications
                               WHERE recipient_id = $2 AND actor_id = $3 AND kind = $4 AND subject_id = $5
                                 AND key > $7)
           ON CONFLICT (id) DO NOTHING`,
          [n.id, n.recipient, n.actor, n.kind, n.subject, n.at, n.key],
        );
        if (rowCount !== 1) return false;
        // The same again (a follow after an unfollow, a new rating): the newest one stays.
        await tx.query(
          `DELETE FROM messaging.notifications
            WHERE recipient_id = $1 AND actor_id = $2 AND kind = $3 AND subject_id = $4 AND key < $5`,
          [n.recipient, n.actor, n.kind, n.subject, n.key],
        );
        return true;
      }),

    forgetNotifications: () =>
      db.transaction(async (tx) => {
        await tx.query('DELETE FROM messaging.notifications');
        await tx.query(`DELETE FROM messaging.inbox WHERE consumer = 'notifications'`);
      }),

    async notifications(recipient, { beforeKey, keptSince, limit }) {
      const { rows } = await db.query<NotificationRow>(
        `${NOTIFICATION} WHERE recipient_id = $1 AND at >= $2 AND key > ${MARK('cleared')}
            AND ($3::text IS NULL OR key < $3) ORDER BY key DESC LIMIT $4`,
        [recipient, keptSince, beforeKey ?? null, limit],
      );
      return rows.map(toNotification);
    },

    async notification(id) {
      const { rows } = await db.query<NotificationRow>(`${NOTIFICATION} WHERE id = $1`, [id]);
      return rows[0] ? toNotification(rows[0]) : null;
    },

    async unreadNotifications(recipient, keptSince) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messaging.notifications
          WHERE recipient_id = $1 AND at >= $2 AND key > ${MARK('cleared')} AND key > ${MARK('read')}`,
        [recipient, keptSince],
      );
      return Number(rows[0]?.n ?? 0);
    },

    async notificationMarks(recipient): Promise<NotificationMarks> {
      const { rows } = await db.query<{ read: string; cleared: string }>(
        `SELECT ${MARK('read')} AS read, ${MARK('cleared')} AS cleared`,
        [recipient],
      );
      return { read: rows[0]?.read || null, cleared: rows[0]?.cleared || null };
    },

    markNotifications: (recipient, kind, key, at) =>
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO messaging.notification_marks (recipient_id, kind, key, marked_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [recipient, kind, key, at],
        );
        if (kind === 'cleared')
          await tx.query('DELETE FROM messaging.notifications WHERE recipient_id = $1 AND key <= $2', [
            recipient,
            key,
          ]);
      }),

    async sweepNotifications(keptSince) {
      const { rowCount } = await db.query('DELETE FROM messaging.notifications WHERE at < $1', [keptSince]);
      return rowCount ?? 0;
    },
  };
}

/** The use cases' writes on Postgres, in the unit's transaction: each appends the events it takes to the outbox. */
export function postgresMessagingWrites(tx: Queryable, pending: PendingEvents): MessagingWrites {
  return {
    async startConversation(c) {
      const events = pending.take();
      if (await anyDeleted(tx, c.participants)) return null;
      const inserted = await tx.query(
        `INSERT INTO messaging.conversations (id, pair_key, participant_a, participant_b, started_by, started_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (pair_key) DO NOTHING`,
        [c.id, c.pairKey, c.participants[0], c.participants[1], c.startedBy, c.startedAt],
      );
      if (inserted.rowCount !== 1) {
        const { rows } = await tx.query<ConversationRow>(`${CONVERSATION} WHERE c.pair_key = $1`, [
          c.pairKey,
        ]);
        return rows[0] ? { conversation: toConversation(rows[0]), created: false } : null;
      }
      for (const v of c.vellums) {
        await tx.query(
          'INSERT INTO messaging.conversation_vellums (id, conversation_id, owner_id) VALUES ($1, $2, $3)',
          [v.id, c.id, v.owner],
        );
      }
      await appendOutbox(tx, SCHEMA, events);
      return { conversation: c, created: true };
    },

    async addMessage(m) {
      const events = pending.take();
      if (await anyDeleted(tx, [m.sender, m.recipient])) return false;
      const { rowCount } = await tx.query(
        `INSERT INTO messaging.messages (id, conversation_id, sender_id, recipient_id, text, sent_at, key)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM messaging.conversations WHERE id = $2)`,
        [m.id, m.conversation, m.sender, m.recipient, m.text, m.sentAt, m.key],
      );
      if (rowCount !== 1) return false;
      await appendOutbox(tx, SCHEMA, events);
      return true;
    },
  };
}

/** The messaging store on Postgres: the repository, and units of work that are transactions. */
export function postgresMessagingStore(
  db: Db,
  wakeOutbox: () => void,
  options: PostgresMessagingOptions = {},
): MessagingStore {
  return {
    store: postgresMessagingRepository(db, options),
    unitOfWork: postgresUnitOfWork({
      db,
      stores: (tx, pending) => ({ store: postgresMessagingWrites(tx, pending) }),
      wakeOutbox,
    }),
  };
}
