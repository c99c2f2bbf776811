import {
  createCirriIndexes,
  createOutboxIndex,
  isDuplicateKey,
  mongoCirri,
  mongoDeletedCirri,
  type CirrusDoc,
  pendingEventFields,
  type Collection,
  type DeletedCirrusDoc,
  type Document,
  type MongoDatabase,
  type OutboxFields,
} from '@vellum/platform-mongo';
import { LINK_DEFAULT_COLORS, type LinkColors } from '@vellum/proto';
import { oldestShownDay } from '../domain/link-views';
import { singleWriteUnitOfWork, type PendingEvents } from '@vellum/platform';
import type {
  ClickCount,
  LinkRepository,
  LinkStore,
  LinkWrites,
  LinkWritesOf,
  StoredPage,
} from './link-repository';

/**
 * One version of a page, never changed once written but for its outbox fields: `_id` is `<ownerId>:<version>`, so
 * of two writers of the same next version exactly one inserts it. The page is its highest version (none: version 0,
 * empty, default colours). It carries the events of the change that made it (`pendingEvents`, the outbox).
 */
export interface PageVersionDoc extends OutboxFields {
  _id: string;
  ownerId: string;
  version: number;
  colors: LinkColors;
  links: Array<{ _id: string; label: string; url: string; position: number }>;
}

/**
 * The link's count on a UTC day after one more click (kept for the 30 days the owner sees): `_id` is `<linkId>:<day>:<n>` and `n` the count, so of two
 * clicks counting the same next number exactly one inserts it (the other counts the one after). The link-day's count
 * is its highest `n`; numbers older than the last CLICK_NUMBERS_KEPT are deleted once their events are out, so a link
 * keeps at most about that many documents a day.
 * Nothing about who clicked. Never changed once written but for its outbox fields: it carries its `LinkClicked`
 * (FerretDB has no multi-document transaction, so the event lives on the one inserted document). Documents from
 * before the numbering have no `n` and count one click each (they are no longer written).
 */
export interface ClickDoc extends OutboxFields {
  _id: string;
  ownerId: string;
  linkId: string;
  day: string;
  n?: number;
}

/** Where a page's newest version is, as a hint: the number only grows, but a lost write leaves it behind. */
export interface PageHeadDoc {
  _id: string;
  version: number;
}

/** Whose page a link is on: a link never moves to another page, so this never changes once written. */
export interface LinkOwnerDoc {
  _id: string;
  ownerId: string;
}

export interface LinkCollections {
  cirri: Collection<CirrusDoc>;
  versions: Collection<PageVersionDoc>;
  heads: Collection<PageHeadDoc>;
  linkOwners: Collection<LinkOwnerDoc>;
  clicks: Collection<ClickDoc>;
  /** The tombstones of deleted cirri, by `_id`. */
  deletedCirri: Collection<DeletedCirrusDoc>;
}

/** The collections whose documents carry pending events: what the relay publishes from. */
export const linkOutboxCollections = (c: LinkCollections): Array<Collection<Document>> => [
  c.versions as unknown as Collection<Document>,
  c.clicks as unknown as Collection<Document>,
];

/**
 * The collections and their indexes, declared here and created at start: cirri by username, page versions by owner
 * and version, clicks by owner and day, the outbox's pending versions and clicks (heads and link owners: by `_id`).
 */
export async function prepareLinkCollections(database: MongoDatabase): Promise<LinkCollections> {
  const cirri = database.collection<CirrusDoc>('cirri');
  const versions = database.collection<PageVersionDoc>('page_versions');
  const clicks = database.collection<ClickDoc>('clicks');
  const heads = database.collection<PageHeadDoc>('page_heads');
  const linkOwners = database.collection<LinkOwnerDoc>('link_owners');
  const deletedCirri = database.collection<DeletedCirrusDoc>('deleted_cirri');
  await createCirriIndexes(cirri);
  await versions.createIndex({ ownerId: 1, version: -1 }, { name: 'versions_owner' });
  await clicks.createIndex({ ownerId: 1, day: 1 }, { name: 'clicks_owner_day' });
  await clicks.createIndex({ linkId: 1, day: 1, n: -1 }, { name: 'clicks_link_day_count' });
  const collections = { cirri, versions, heads, linkOwners, clicks, deletedCirri };
  for (const outbox of linkOutboxCollections(collections)) await createOutboxIndex(outbox);
  return collections;
}

/** Older versions kept besides the current one (their events published): enough for a reader that just missed one. */
const VERSIONS_KEPT = 2;

/** Clicks on one link the same moment may all count the same next number; each tries again on the one after. */
const CLICK_ATTEMPTS = 100;

/**
 * The numbers kept behind a link-day's newest. A click reads the newest number, then inserts the next: if that
 * number had been deleted in between, its insert would succeed beside a higher one and the click be lost. Keeping
 * the last numbers means a click is lost only when this many others were counted between its read and its insert.
 */
export const CLICK_NUMBERS_KEPT = 16;

/**
 * The link store on MongoDB: its repository, and the writes a unit of work binds. FerretDB 1.x applies an update as a read and a write, so two concurrent updates of
 * one document can both pass a version check and both `$inc` from the same value (measured on both its backends).
 * So this adapter relies only on what MongoDB and FerretDB both make atomic, the insert of a unique `_id`: a change
 * of a page INSERTS its next version (with its events: one single-document write), and a click inserts a click. The
 * head (the newest version's number) and the link owners are hints and facts that never need a transaction: reads
 * go by `_id`, as FerretDB answers other filters by scanning. A deleted cirrus's tombstone is recorded before its
 * data is removed, and every write that could bring some back checks it before and after writing, undoing the write
 * when the tombstone came meanwhile (`mongoDeletedCirri`).
 */
function mongoLinkParts({ cirri, versions, heads, linkOwners, clicks, deletedCirri }: LinkCollections): {
  repository: LinkRepository;
  writes: LinkWritesOf;
} {
  const key = (ownerId: string, version: number) => `${ownerId}:${version}`;
  const tombstones = mongoDeletedCirri(deletedCirri);
  const deleted = (id: string) => tombstones.anyDeleted([id]);
  const known = mongoCirri(cirri, { tombstones, removeCirrus: (id) => removeData(id) });

  // Single-document deletes (FerretDB makes each atomic); the cirrus first, so its page is Not Found at once.
  const removeData = async (cirrusId: string) => {
    await cirri.deleteOne({ _id: cirrusId });
    await versions.deleteMany({ ownerId: cirrusId });
    await heads.deleteOne({ _id: cirrusId });
    await linkOwners.deleteMany({ ownerId: cirrusId });
    await clicks.deleteMany({ ownerId: cirrusId });
  };

  /**
   * The newest version of the owner's page: from the head's hint, read by `_id`, then the next numbers while they
   * exist (versions are consecutive). Only when the hinted version was pruned (its hint lost several writes ago) does
   * it search by owner, which FerretDB answers by a scan.
   */
  const current = async (ownerId: string): Promise<PageVersionDoc | null> => {
    let version = (await heads.findOne({ _id: ownerId }))?.version ?? 0;
    let doc = version > 0 ? await versions.findOne({ _id: key(ownerId, version) }) : null;
    if (version > 0 && !doc) return versions.find({ ownerId }).sort({ version: -1 }).limit(1).next();
    for (;;) {
      const newer = await versions.findOne({ _id: key(ownerId, version + 1) });
      if (!newer) return doc;
      [doc, version] = [newer, version + 1];
    }
  };

  const pageOf = async (cirrus: CirrusDoc | null): Promise<StoredPage | null> => {
    if (!cirrus) return null;
    const latest = await current(cirrus._id);
    return {
      ownerId: cirrus._id,
      username: cirrus.username,
      displayName: cirrus.displayName ?? '',
      image: cirrus.image ?? '',
      colors: { ...LINK_DEFAULT_COLORS, ...latest?.colors },
      links: (latest?.links ?? [])
        .map((l) => ({ id: l._id, label: l.label, url: l.url, position: l.position }))
        .sort((a, b) => a.position - b.position),
      version: latest?.version ?? 0,
      verified: cirrus.verified ?? null,
    };
  };

  /**
   * Leaves one document per earlier day of the link (its newest number: the day's count) once the others' events
   * are out, so a page's counts are read from a document per link and day but today's few.
   */
  const rollUp = async (linkId: string, today: string) => {
    const earlier = await clicks
      .find({ linkId, day: { $lt: today }, n: { $exists: true } }, { projection: { day: 1, n: 1 } })
      .toArray();
    const newest = new Map<string, { n: number; docs: number }>();
    for (const doc of earlier) {
      const found = newest.get(doc.day) ?? { n: 0, docs: 0 };
      newest.set(doc.day, { n: Math.max(found.n, doc.n!), docs: found.docs + 1 });
    }
    for (const [day, { n, docs }] of newest)
      if (docs > 1) await clicks.deleteMany({ linkId, day, n: { $lt: n }, pendingSince: { $exists: false } });
  };

  /** The page writes: each inserts ONE document carrying the events it takes (the unit's only write). */
  const writes = (pending: PendingEvents): LinkWrites => ({
    async replace(next, expectedVersion, at) {
      const events = pending.take();
      if (next.version !== expectedVersion + 1) throw new Error('a page changes one version at a time');
      if (await deleted(next.ownerId)) return false;
      const doc: PageVersionDoc = {
        _id: `${next.ownerId}:${next.version}`,
        ownerId: next.ownerId,
        version: next.version,
        colors: next.colors,
        links: next.links.map((l) => ({ _id: l.id, label: l.label, url: l.url, position: l.position })),
      };
      // Whose the new links are, before the version that names them (a lost write leaves a harmless extra).
      const previous =
        expectedVersion > 0 ? await versions.findOne({ _id: key(next.ownerId, expectedVersion) }) : null;
      const known = new Set((previous?.links ?? []).map((l) => l._id));
      const added = next.links.filter((l) => !known.has(l.id));
      if (added.length > 0) {
        try {
          await linkOwners.insertMany(
            added.map((l) => ({ _id: l.id, ownerId: next.ownerId })),
            { ordered: false },
          );
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      try {
        // The events ride on the inserted document.
        await versions.insertOne({ ...doc, ...pendingEventFields(events, at) });
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
      if (await deleted(next.ownerId)) {
        await removeData(next.ownerId);
        return false;
      }
      await heads
        .updateOne({ _id: next.ownerId }, { $max: { version: next.version } }, { upsert: true })
        .catch((error: unknown) => {
          // Two writers created the head at once: the version is found from the other's number.
          if (!isDuplicateKey(error)) throw error;
        });
      await versions.deleteMany({
        ownerId: next.ownerId,
        version: { $lte: next.version - 1 - VERSIONS_KEPT },
        pendingSince: { $exists: false },
      });
      return true;
    },

    // The link-day's next count, inserted with its event (one single-document write); then the counts older than the
    // last CLICK_NUMBERS_KEPT whose events are out are deleted: the newest carries the count.
    async countClick({ ownerId, linkId, day }, at) {
      const events = pending.take();
      if (await deleted(ownerId)) return false;
      for (let attempt = 0; attempt < CLICK_ATTEMPTS; attempt++) {
        const newest = await clicks.find({ linkId, day }).sort({ n: -1 }).limit(1).next();
        const n = (newest?.n ?? 0) + 1;
        const _id = `${linkId}:${day}:${n}`;
        try {
          await clicks.insertOne({ _id, ownerId, linkId, day, n, ...pendingEventFields(events, at) });
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
        // The owner deleted meanwhile: this click goes too (its tombstone was recorded before their data went).
        if (await deleted(ownerId)) {
          await clicks.deleteOne({ _id });
          return false;
        }
        const published = { pendingSince: { $exists: false } };
        if (n > CLICK_NUMBERS_KEPT)
          await clicks.deleteMany({ linkId, day, n: { $lt: n - CLICK_NUMBERS_KEPT }, ...published });
        // A link's first click of a day: its counts the owner no longer sees (older than the 30 days) go, and each of
        // its earlier days, which no click counts on any more, is rolled up into its newest number.
        if (n === 1) {
          await clicks.deleteMany({ linkId, day: { $lt: oldestShownDay(day) }, ...published });
          await rollUp(linkId, day);
        }
        return true;
      }
      throw new Error(`click on ${linkId}: ${CLICK_ATTEMPTS} others counted the same number first`);
    },
  });

  const repository: LinkRepository = {
    byUsername: async (username) => pageOf(await known.byUsername(username)),
    byOwner: async (ownerId) => pageOf(await known.byId(ownerId)),

    async byLink(linkId) {
      const owner = await linkOwners.findOne({ _id: linkId });
      if (!owner) return null;
      // The current version decides whether the link is still there.
      const page = await pageOf(await cirri.findOne({ _id: owner.ownerId }));
      return page?.links.some((l) => l.id === linkId) ? page : null;
    },

    ensure: async (owner) => pageOf(await known.remember(owner)),

    applyCirrus: (eventId, c) => known.apply(eventId, c),

    forgetAppliedCirri: () => known.forgetApplied(),

    // The tombstone first: from then on no write of theirs stays.
    async removeCirrus(_eventId, cirrusId) {
      await tombstones.record(cirrusId);
      await removeData(cirrusId);
    },

    async clicks(ownerId, sinceDay): Promise<ClickCount[]> {
      const found = await clicks
        .find({ ownerId, day: { $gte: sinceDay } }, { projection: { linkId: 1, day: 1, n: 1 } })
        .toArray();
      // Per link and day: the highest count, plus one per document from before the numbering.
      const counts = new Map<string, ClickCount & { legacy: number }>();
      for (const doc of found) {
        const key = `${doc.day}|${doc.linkId}`;
        const c = counts.get(key) ?? { linkId: doc.linkId, day: doc.day, count: 0, legacy: 0 };
        if (doc.n === undefined) c.legacy += 1;
        else c.count = Math.max(c.count, doc.n);
        counts.set(key, c);
      }
      return [...counts.values()]
        .map(({ linkId, day, count, legacy }) => ({ linkId, day, count: count + legacy }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.linkId.localeCompare(b.linkId));
    },
  };
  return { repository, writes };
}

/** The link store on MongoDB: the repository, and units of work of one document each (`singleWriteUnitOfWork`). */
export function mongoLinkStore(collections: LinkCollections, wakeOutbox: () => void): LinkStore {
  const { repository, writes } = mongoLinkParts(collections);
  return {
    pages: repository,
    unitOfWork: singleWriteUnitOfWork({ stores: (pending) => ({ pages: writes(pending) }), wakeOutbox }),
  };
}
