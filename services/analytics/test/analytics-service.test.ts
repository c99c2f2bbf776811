import { randomUUID } from 'node:crypto';
import {
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  ADMIN_COLUMNS,
  adminMessages,
  UNAUTHORIZED_ADMIN_ANSWER,
  CirrusCreatedSchema,
  CirrusFollowedSchema,
  CirrusProfileChangedSchema,
  LinkClickedSchema,
  LinkPageChangedSchema,
  MessageSentSchema,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumPublishedSchema,
  type AdminAnswer,
  type AdminCirrus,
  type AdminListAnswer,
  type AdminSeriesAnswer,
  type SeriesDay,
} from '@vellum/proto';
import { analyticsHarness, type AnalyticsHarness, type TestCirrus } from './support/analytics-harness';

/** Analytics on its own (PGlite, in-process bus), fed the other services' events directly. */
describe('analytics service', () => {
  // One database for the file (PGlite takes seconds to start): every test uses names of its own.
  let h: AnalyticsHarness;
  let admin: TestCirrus;
  beforeAll(async () => {
    h = await analyticsHarness();
    // The events are stamped with the real time: the service's clock follows it.
    h.clock.now = new Date();
    admin = await h.admin();
    // PGlite's start takes seconds, more on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const adminView = async (query: Record<string, string> = {}) =>
    (await h.as(admin).get('/api/admin').query(query).expect(200)).body as AdminAnswer;
  const listPage = async (query: Record<string, string>) =>
    (await h.as(admin).get('/api/admin/cirri').query(query).expect(200)).body as AdminListAnswer;
  const rowOf = async (c: TestCirrus) =>
    (await adminView({ filter: c.username })).allCirri.find((r) => r.i === c.id);
  const today = async () => {
    const { body } = await h.as(admin).get('/api/admin/series').query({ days: '1' }).expect(200);
    return (body as AdminSeriesAnswer).days[0]!;
  };

  describe('the rows, kept from every service', () => {
    it('keeps email, names, vellums, actions, created and last session from the events', async () => {
      const ann = await h.cirrus('rows.ann', { firstName: 'Ann', lastName: 'Lee' });
      expect(await rowOf(ann)).toMatchObject({ last_session: null, vellums: 0, actions: 0 });

      await h.identityEvent(CirrusProfileChangedSchema, ann.id, {
        cirrusId: ann.id,
        username: 'rows.annabel',
        firstName: 'Annabel',
        lastName: 'Lee-Smith',
        displayName: 'Annabel Lee-Smith',
      });
      const [v1, v2] = [randomUUID(), randomUUID()];
      for (const vellumId of [v1, v2]) {
        await h.vellumEvent(VellumCreatedSchema, vellumId, { vellumId, ownerId: ann.id, title: 't' });
      }
      await h.vellumEvent(VellumDeletedSchema, v1, { vellumId: v1, ownerId: ann.id });
      const other = await h.cirrus('rows.other');
      await h.actionEvent(ActionCreatedSchema, ann.id, { actionId: randomUUID(), ownerId: ann.id });
      await h.actionEvent(ActionRequestedSchema, ann.id, {
        actionId: randomUUID(),
        ownerId: ann.id,
        requesterId: other.id,
        requesterUsername: other.username,
      });
      await h.signedIn(ann);

      const row = await rowOf({ ...ann, username: 'rows.annabel' });
      expect(row).toEqual<AdminCirrus>({
        email: 'rows.ann@example.com',
        i: ann.id,
        username: 'rows.annabel',
        first_name: 'Annabel',
        last_name: 'Lee-Smith',
        last_session: expect.any(String),
        vellums: 1,
        actions: 2,
        created: expect.any(String),
      });
      expect(Date.now() - Date.parse(row!.last_session!)).toBeLessThan(60_000);
      expect(Date.parse(row!.created)).toBeLessThanOrEqual(Date.parse(row!.last_session!));
    });

    it('applies a redelivered event once (inbox): rows and daily counters alike', async () => {
      const bob = await h.cirrus('redelivered.bob');
      const vellumId = randomUUID();
      const before = await today();
      const created = { vellumId, ownerId: bob.id, title: 't' };
      const id = await h.vellumEvent(VellumCreatedSchema, vellumId, created);
      await h.vellumEvent(VellumCreatedSchema, vellumId, created, id);
      expect((await rowOf(bob))?.vellums).toBe(1);
      expect((await today()).vellumsCreated).toBe(before.vellumsCreated + 1);
    });

    it('keeps an event that arrives before the cirrus is known, and lists the cirrus only once it is', async () => {
      const id = randomUUID();
      await h.vellumEvent(VellumCreatedSchema, randomUUID(), {
        vellumId: randomUUID(),
        ownerId: id,
        title: 't',
      });
      expect((await adminView({ sort: 'i', filter: '' })).allCirri.some((r) => r.i === id)).toBe(false);
      await h.identityEvent(CirrusCreatedSchema, id, {
        cirrusId: id,
        username: 'early.vellum',
        email: 'early@example.com',
      });
      expect((await rowOf({ id, username: 'early.vellum', email: '' }))?.vellums).toBe(1);
    });
  });

  describe('who may read it', () => {
    it('answers the admin (the verified owner of an ADMIN_EMAILS address)', async () => {
      const answer = await adminView();
      expect(answer.authorized).toBe(true);
      expect(answer.allCirri.length).toBeGreaterThan(0);
      expect(answer.counts.all).toBeGreaterThanOrEqual(answer.counts.confirmed);
    });

    it('answers anyone else, and a visitor, authorized false with no rows', async () => {
      // The spec's keys, each list empty.
      const nobody = UNAUTHORIZED_ADMIN_ANSWER;
      expect(nobody).toMatchObject({ authorized: false, allCirri: [], confirmedCirri: [], activeCirri: [] });
      const other = await h.cirrus('admin');
      // The admin's email, not verified: claiming it at sign-up proves nothing.
      const squatter = await h.cirrus('squatter', { email: 'THE.ADMIN@example.com', verified: false });
      for (const who of [other, squatter, undefined]) {
        expect((await h.as(who).get('/api/admin').expect(200)).body).toEqual(nobody);
        expect((await h.as(who).get('/api/admin/cirri?list=all').expect(200)).body).toEqual({
          authorized: false,
          rows: [],
          count: 0,
          nextCursor: null,
        });
        expect((await h.as(who).get('/api/admin/series').expect(200)).body).toEqual({
          authorized: false,
          days: [],
        });
      }
    });
  });

  describe('paging, sorting and filtering on the server', () => {
    let people: TestCirrus[];
    beforeAll(async () => {
      people = [];
      for (const [i, name] of ['eve', 'bea', 'dan', 'cal', 'ada', 'fay', 'gus'].entries()) {
        const c = await h.cirrus(`pg.${name}`, {
          email: `${name}@Paging.example`,
          firstName: name.toUpperCase(),
          lastName: i < 3 ? 'Lee' : 'Lovelace',
          verified: i % 2 === 0,
        });
        for (let v = 0; v < i % 3; v++) {
          await h.vellumEvent(VellumCreatedSchema, randomUUID(), {
            vellumId: randomUUID(),
            ownerId: c.id,
            title: 't',
          });
        }
        people.push(c);
      }
      await h.signedIn(people[1]!);
    });

    /** Every page of a list, following the cursors. */
    async function allPages(query: Record<string, string>) {
      const rows: AdminCirrus[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const page = await listPage({ ...query, ...(cursor && { cursor }) });
        rows.push(...page.rows);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      return { rows, pages };
    }

    it('pages a filtered list in the asked order, every row once', async () => {
      const { rows, pages } = await allPages({
        list: 'all',
        filter: 'PAGING',
        sort: 'username',
        dir: 'asc',
        limit: '2',
      });
      expect(pages).toBe(4);
      expect(rows.map((r) => r.username)).toEqual([
        'pg.ada',
        'pg.bea',
        'pg.cal',
        'pg.dan',
        'pg.eve',
        'pg.fay',
        'pg.gus',
      ]);
      const desc = await allPages({
        list: 'all',
        filter: 'paging',
        sort: 'username',
        dir: 'desc',
        limit: '3',
      });
      expect(desc.rows.map((r) => r.username)).toEqual(rows.map((r) => r.username).reverse());
    });

    it.each(ADMIN_COLUMNS.filter((c) => c !== 'username'))(
      'sorts by %s, ties broken by id, across pages',
      async (sort) => {
        for (const dir of ['asc', 'desc'] as const) {
          const { rows } = await allPages({ list: 'all', filter: 'paging', sort, dir, limit: '2' });
          expect(rows).toHaveLength(7);
          const key = (r: AdminCirrus) => (sort === 'last_session' ? (r.last_session ?? '') : r[sort]);
          const sorted = [...rows].sort((a, b) => {
            const [x, y] = dir === 'asc' ? [a, b] : [b, a];
            const [kx, ky] = [key(x), key(y)];
            if (kx !== ky)
              return typeof kx === 'number' ? kx - (ky as number) : String(kx) < String(ky) ? -1 : 1;
            return x.i < y.i ? -1 : 1;
          });
          // The texts compared differ in their first letter (or not at all): any collation orders them alike.
          expect(rows.map((r) => r.i)).toEqual(sorted.map((r) => r.i));
        }
      },
    );

    it('lists the confirmed and the active apart, with their counts', async () => {
      const answer = await adminView({ filter: 'paging', sort: 'username', dir: 'asc' });
      expect(answer.confirmedCirri.map((r) => r.username)).toEqual(['pg.ada', 'pg.dan', 'pg.eve', 'pg.gus']);
      expect(answer.activeCirri.map((r) => r.username)).toEqual(['pg.bea']);
      expect(answer.counts).toEqual({ all: 7, confirmed: 4, active: 1 });
      expect(answer.nextCursors).toEqual({ all: null, confirmed: null, active: null });
    });

    it('counts a sign-in as active for 30 days only', async () => {
      const saved = h.clock.now;
      try {
        h.clock.now = new Date(Date.now() + 29 * 86_400_000);
        expect((await listPage({ list: 'active', filter: 'paging' })).count).toBe(1);
        h.clock.now = new Date(Date.now() + 31 * 86_400_000);
        expect(await listPage({ list: 'active', filter: 'paging' })).toMatchObject({ rows: [], count: 0 });
      } finally {
        h.clock.now = saved;
      }
    });

    it('filters over username, names and email, taking % and _ literally', async () => {
      expect((await listPage({ list: 'all', filter: 'pg.c' })).rows.map((r) => r.username)).toEqual([
        'pg.cal',
      ]);
      expect((await listPage({ list: 'all', filter: 'GUS@paging' })).rows.map((r) => r.username)).toEqual([
        'pg.gus',
      ]);
      expect((await listPage({ list: 'all', filter: 'pg_' })).count).toBe(0);
      expect((await listPage({ list: 'all', filter: '%' })).count).toBe(0);
    });

    it('refuses a cursor it did not make, or one of another order, and bad parameters, with a message', async () => {
      const first = await listPage({ list: 'all', filter: 'paging', sort: 'created', limit: '2' });
      const refused = async (query: Record<string, string>) =>
        (await h.as(admin).get('/api/admin/cirri').query(query).expect(400)).body;
      const badCursor = { error: 'That page of the list does not exist; start again from the first page.' };
      expect(await refused({ list: 'all', sort: 'username', cursor: first.nextCursor! })).toMatchObject(
        badCursor,
      );
      expect(await refused({ list: 'all', dir: 'asc', cursor: first.nextCursor! })).toMatchObject(badCursor);
      const forged = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
      for (const cursor of [
        forged(['created', 'desc', "x'); DROP TABLE x; --", randomUUID()]),
        forged({ s: 'created', d: 'desc', k: '2026-01-02 03:04:05+00', i: randomUUID() }),
        'not a cursor',
      ])
        expect(await refused({ list: 'all', cursor })).toMatchObject(badCursor);
      expect(await refused({ list: 'everyone' })).toMatchObject({ error: adminMessages.list });
      expect(await refused({ list: 'all', sort: 'password' })).toMatchObject({ error: adminMessages.sort });
      expect(await refused({ list: 'all', dir: 'up' })).toMatchObject({ error: adminMessages.dir });
      expect(await refused({ list: 'all', limit: '0' })).toMatchObject({
        error: 'The limit must be a whole number from 1 to 200.',
      });
      expect(await refused({ list: 'all', filter: 'x'.repeat(101) })).toMatchObject({
        error: adminMessages.filterTooLong,
      });
      expect(await refused({ list: 'all', filter: 'a\u0007b' })).toHaveProperty('error');
    });
  });

  describe('the daily series', () => {
    it('counts each kind of event on its day, and zero on the days without', async () => {
      const before = await today();
      const ann = await h.cirrus('series.ann');
      const bob = await h.cirrus('series.bob', { verified: false });
      await h.signedIn(ann);
      await h.signedIn(ann);
      const vellumId = randomUUID();
      await h.vellumEvent(VellumCreatedSchema, vellumId, { vellumId, ownerId: ann.id, title: 't' });
      await h.vellumEvent(VellumPublishedSchema, vellumId, { vellumId, ownerId: ann.id, title: 't' });
      const actionId = randomUUID();
      await h.actionEvent(ActionCreatedSchema, ann.id, { actionId, ownerId: ann.id });
      await h.actionEvent(ActionCompletedSchema, ann.id, { actionId, ownerId: ann.id });
      await h.socialEvent(CirrusFollowedSchema, bob.id, {
        followerId: ann.id,
        followerUsername: ann.username,
        followeeId: bob.id,
        followeeUsername: bob.username,
      });
      await h.linkEvent(LinkPageChangedSchema, ann.id, {
        ownerId: ann.id,
        username: ann.username,
        version: 1,
      });
      for (let i = 0; i < 3; i++) {
        await h.linkEvent(LinkClickedSchema, ann.id, { linkId: randomUUID(), ownerId: ann.id });
      }
      for (let i = 0; i < 2; i++) {
        await h.messagingEvent(MessageSentSchema, randomUUID(), {
          messageId: randomUUID(),
          conversationId: randomUUID(),
          senderId: ann.id,
          recipientId: bob.id,
          length: 5,
        });
      }
      const after = await today();
      const delta = Object.fromEntries(
        Object.entries(after)
          .filter(([k]) => k !== 'day')
          .map(([k, v]) => [k, (v as number) - (before[k as keyof SeriesDay] as number)]),
      );
      expect(delta).toEqual({
        signUps: 2,
        verified: 1,
        activeCirri: 1,
        vellumsCreated: 1,
        vellumsPublished: 1,
        actionsCreated: 1,
        actionsCompleted: 1,
        messagesSent: 2,
        follows: 1,
        linkPagesChanged: 1,
        linkClicks: 3,
      });

      const { body } = await h.as(admin).get('/api/admin/series').expect(200);
      const days = (body as AdminSeriesAnswer).days;
      expect(days).toHaveLength(90);
      expect(days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(days[0]).toMatchObject({ signUps: 0, messagesSent: 0 });
      expect(Date.parse(days[1]!.day) - Date.parse(days[0]!.day)).toBe(86_400_000);
    });

    it('counts a recorded LinkClicked once on its day: its redelivery changes nothing', async () => {
      const ownerId = randomUUID();
      const click = { linkId: randomUUID(), ownerId };
      const before = await today();
      const id = await h.linkEvent(LinkClickedSchema, ownerId, click);
      const once = await today();
      expect(once).toEqual({ ...before, linkClicks: before.linkClicks + 1 });
      await h.linkEvent(LinkClickedSchema, ownerId, click, id);
      await h.linkEvent(LinkClickedSchema, ownerId, { ...click, linkId: randomUUID() }, id);
      // A later event of the same key is applied after the repeats (per-key order): they have been handled by then.
      await h.linkEvent(LinkPageChangedSchema, ownerId, { ownerId, version: 1 });
      expect(await today()).toEqual({ ...once, linkPagesChanged: once.linkPagesChanged + 1 });
    });

    it('refuses a number of days it cannot give', async () => {
      for (const days of ['0', '367', 'ten']) {
        const { body } = await h.as(admin).get('/api/admin/series').query({ days }).expect(400);
        expect(body).toMatchObject({ error: adminMessages.days });
      }
    });
  });
});
