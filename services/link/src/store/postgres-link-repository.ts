import {
  appendOutbox,
  deletedCirri,
  firstTimeInInbox,
  postgresUnitOfWork,
  type Db,
  type PendingEvents,
  type Queryable,
} from '@vellum/platform';
import { LINK_DEFAULT_COLORS } from '@vellum/proto';
import { oldestShownDay } from '../domain/link-views';
import type {
  ClickCount,
  LinkRepository,
  LinkStore,
  LinkWrites,
  StoredLink,
  StoredPage,
} from './link-repository';
import { SCHEMA } from './migrations';

interface PageRow {
  owner_id: string;
  username: string;
  display_name: string;
  image: string;
  background_color: string;
  item_font_color: string;
  item_background_color: string;
  links: StoredLink[] | string;
  version: number;
  verified: boolean | null;
}

const COLUMNS =
  'owner_id, username, display_name, image, background_color, item_font_color, item_background_color, links, version, verified';

const toPage = (row: PageRow): StoredPage => ({
  ownerId: row.owner_id,
  username: row.username,
  displayName: row.display_name,
  image: row.image,
  colors: {
    linkBackgroundColor: row.background_color,
    linkItemFontColor: row.item_font_color,
    linkItemBackgroundColor: row.item_background_color,
  },
  links: (typeof row.links === 'string' ? (JSON.parse(row.links) as StoredLink[]) : row.links).sort(
    (a, b) => a.position - b.position,
  ),
  version: Number(row.version),
  verified: row.verified,
});

const one = async (q: Queryable, where: string, params: unknown[]) => {
  const { rows } = await q.query<PageRow>(`SELECT ${COLUMNS} FROM link.pages WHERE ${where}`, params);
  return rows[0] ? toPage(rows[0]) : null;
};

/** The link repository on Postgres (embedded on PGlite, or a real server) through the platform's Db port. */
export function postgresLinkRepository(db: Db): LinkRepository {
  return {
    byUsername: (username) => one(db, 'username_key = $1 LIMIT 1', [username.toLowerCase()]),
    byOwner: (ownerId) => one(db, 'owner_id = $1', [ownerId]),
    byLink: (linkId) => one(db, 'links @> $1::jsonb', [JSON.stringify([{ id: linkId }])]),

    ensure: (owner) =>
      db.transaction(async (tx) => {
        if (await deletedCirri.anyDeleted(tx, SCHEMA, [owner.id])) return null;
        await tx.query(
          `INSERT INTO link.pages (owner_id, username, username_key, background_color, item_font_color,
                                 item_background_color, verified)
         VALUES ($1, $2, $3, $4, $5, $6, true) ON CONFLICT (owner_id) DO NOTHING`,
          [
            owner.id,
            owner.username,
            owner.username.toLowerCase(),
            LINK_DEFAULT_COLORS.linkBackgroundColor,
            LINK_DEFAULT_COLORS.linkItemFontColor,
            LINK_DEFAULT_COLORS.linkItemBackgroundColor,
          ],
        );
        return one(tx, 'owner_id = $1', [owner.id]);
      }),

    applyCirrus: (eventId, c) =>
      db.transaction(async (tx) => {
        if (!(await firstTimeInInbox(tx, SCHEMA, 'cirri', eventId))) return false;
        if (await deletedCirri.anyDeleted(tx, SCHEMA, [c.id])) return false;
        await tx.query(
          `INSERT INTO link.pages (owner_id, username, username_key, display_name, image, background_color,
                                   item_font_color, item_background_color, verified)
           VALUES ($1, $2, $3, COALESCE($4, ''), COALESCE($5, ''), $6, $7, $8, COALESCE($9, false))
           ON CONFLICT (owner_id) DO UPDATE
             SET username = EXCLUDED.username, username_key = EXCLUDED.username_key,
                 display_name = COALESCE($4, link.pages.display_name), image = COALESCE($5, link.pages.image),
                 verified = link.pages.verified OR COALESCE($9, false)`,
          [
            c.id,
            c.username,
            c.username.toLowerCase(),
            c.displayName ?? null,
            c.image ?? null,
            LINK_DEFAULT_COLORS.linkBackgroundColor,
            LINK_DEFAULT_COLORS.linkItemFontColor,
            LINK_DEFAULT_COLORS.linkItemBackgroundColor,
            c.verified ?? null,
          ],
        );
        return true;
      }),

    async forgetAppliedCirri() {
      await db.query(`DELETE FROM link.inbox WHERE consumer = 'cirri'`);
    },

    removeCirrus: (eventId, cirrusId) =>
      db.transaction(async (tx) => {
        if (!(await firstTimeInInbox(tx, SCHEMA, 'cirri', eventId))) return;
        await deletedCirri.record(tx, SCHEMA, cirrusId);
        await tx.query(`DELETE FROM link.clicks WHERE owner_id = $1`, [cirrusId]);
        await tx.query(`DELETE FROM link.pages WHERE owner_id = $1`, [cirrusId]);
      }),

    async clicks(ownerId, sinceDay): Promise<ClickCount[]> {
      const { rows } = await db.query<{ link_id: string; day: string; count: number }>(
        `SELECT link_id, to_char(day, 'YYYY-MM-DD') AS day, count FROM link.clicks
          WHERE owner_id = $1 AND day >= $2 ORDER BY day, link_id`,
        [ownerId, sinceDay],
      );
      return rows.map((r) => ({ linkId: r.link_id, day: r.day, count: Number(r.count) }));
    },
  };
}

/** The page writes on Postgres, in the unit's transaction: each appends the events it takes to the outbox. */
export function postgresLinkWrites(tx: Queryable, pending: PendingEvents): LinkWrites {
  return {
    async replace(next, expectedVersion) {
      const events = pending.take();
      const { rowCount } = await tx.query(
        `UPDATE link.pages
            SET links = $3::jsonb, version = $4, background_color = $5, item_font_color = $6,
                item_background_color = $7
          WHERE owner_id = $1 AND version = $2`,
        [
          next.ownerId,
          expectedVersion,
          JSON.stringify(next.links),
          next.version,
          next.colors.linkBackgroundColor,
          next.colors.linkItemFontColor,
          next.colors.linkItemBackgroundColor,
        ],
      );
      if (rowCount !== 1) return false;
      await appendOutbox(tx, SCHEMA, events);
      return true;
    },

    async countClick({ ownerId, linkId, day }) {
      const events = pending.take();
      if (await deletedCirri.anyDeleted(tx, SCHEMA, [ownerId])) return false;
      await tx.query(
        `INSERT INTO link.clicks (link_id, day, owner_id, count) VALUES ($1, $2, $3, 1)
           ON CONFLICT (link_id, day) DO UPDATE SET count = link.clicks.count + 1`,
        [linkId, day, ownerId],
      );
      // The link's counts the owner no longer sees (older than the 30 days) go.
      await tx.query(`DELETE FROM link.clicks WHERE link_id = $1 AND day < $2`, [
        linkId,
        oldestShownDay(day),
      ]);
      await appendOutbox(tx, SCHEMA, events);
      return true;
    },
  };
}

/** The link store on Postgres: the repository, and units of work that are transactions. */
export function postgresLinkStore(db: Db, wakeOutbox: () => void): LinkStore {
  return {
    pages: postgresLinkRepository(db),
    unitOfWork: postgresUnitOfWork({
      db,
      stores: (tx, pending) => ({ pages: postgresLinkWrites(tx, pending) }),
      wakeOutbox,
    }),
  };
}
