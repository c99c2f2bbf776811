import { randomUUID } from 'node:crypto';
import { eventually } from '@vellum/platform/test-support';
import { pagingMessages, vellumMessages, VERSION_KEEP_ALL_DAYS } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type Person, type VellumHarness } from './support/service-harness';

const body = (words: string) => JSON.stringify(doc(p(text(words))));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface VersionRow {
  i: string;
  title: string;
  saved_at: string;
  size: number;
}

describe('a vellum’s history', () => {
  let h: VellumHarness;
  let start: number;
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(() => {
    // Every test moves the fake clock on from where the last one left it: a day apart, never backwards.
    start = h.clock.now.getTime() + DAY;
    h.clock.now = new Date(start);
  });

  /** Sets the fake clock to `minutes` after the test's start. */
  const at = (minutes: number) => (h.clock.now = new Date(start + minutes * MINUTE));
  const create = async (owner: Person, title: string) =>
    (
      await h
        .as(owner)
        .post('/api/vellum-new', { title, text: body(title) })
        .expect(201)
    ).body.savedVellum.i as string;
  const save = (owner: Person, id: string, title: string) =>
    h
      .as(owner)
      .post(`/api/vellum/${id}`, { title, text: body(title) })
      .expect(200);
  const versions = async (owner: Person | undefined, id: string, query = '') =>
    (await h.as(owner).get(`/api/vellum/${id}/versions${query}`).expect(200)).body as {
      versions: VersionRow[];
      nextCursor: string | null;
    };
  const titles = async (owner: Person, id: string) =>
    (await versions(owner, id, '?limit=100')).versions.map((v) => v.title);
  const stored = async (id: string) =>
    Number(
      (
        await h.db.query<{ n: number }>('SELECT count(*) AS n FROM vellum.versions WHERE vellum_id = $1', [
          id,
        ])
      ).rows[0]!.n,
    );

  it('keeps the text a save replaces; saves within 5 minutes of each other coalesce into their newest', async () => {
    const ada = person();
    at(-10);
    const id = await create(ada, 'T0');
    for (const [minute, title] of [
      [0, 'T1'],
      [1, 'T2'],
      [2, 'T3'],
      [20, 'T4'],
    ] as const) {
      at(minute);
      await save(ada, id, title);
    }
    expect(await titles(ada, id)).toEqual(['T3', 'T0']);
    const current = (await h.as(ada).get(`/api/vellum/${id}`)).body.vellum;
    expect(current.title).toBe('T4');
    const [t3, t0] = (await versions(ada, id)).versions;
    expect(t3!.saved_at).toBe(new Date(start + 2 * MINUTE).toISOString());
    expect(t0!.saved_at).toBe(new Date(start - 10 * MINUTE).toISOString());
    expect(t0!.size).toBe(Buffer.byteLength(body('T0')));
  });

  it('counts the creation as a save, and keeps nothing for an unchanged save or an empty vellum', async () => {
    const ada = person();
    at(0);
    const id = await create(ada, 'First');
    at(4);
    await save(ada, id, 'Second'); // 4 minutes after the creation: the creation's text was a burst's
    at(30);
    await save(ada, id, 'Second'); // the same title and text again: nothing to keep
    expect(await titles(ada, id)).toEqual([]);
    at(60);
    await save(ada, id, 'Third');
    expect(await titles(ada, id)).toEqual(['Second']);

    const empty = (await h.as(ada).post('/api/vellum-new', { title: '', text: '' }).expect(201)).body
      .savedVellum.i as string;
    at(120);
    await save(ada, empty, 'Now with words');
    expect(await titles(ada, empty)).toEqual([]);
  });

  it('keeps every version of the last 30 days, then one a day (the day’s newest)', async () => {
    const ada = person();
    at(0);
    const id = await create(ada, 'd0 a');
    // Day 0: four texts 10 minutes apart, day 1 two, then one on day 2: each save keeps the text before it.
    for (const [minute, title] of [
      [10, 'd0 b'],
      [20, 'd0 c'],
      [30, 'd0 d'],
      [DAY / MINUTE, 'd1 a'],
      [DAY / MINUTE + 10, 'd1 b'],
      [(2 * DAY) / MINUTE, 'd2 a'],
    ] as const) {
      at(minute);
      await save(ada, id, title);
    }
    expect(await titles(ada, id)).toEqual(['d1 b', 'd1 a', 'd0 d', 'd0 c', 'd0 b', 'd0 a']);
    expect(await stored(id)).toBe(6);

    // 30 days after day 2 began, days 0 and 1 are thinned to their newest: on reading at once, and the rows go at
    // the next save.
    at((2 * DAY + VERSION_KEEP_ALL_DAYS * DAY) / MINUTE + 1);
    expect(await titles(ada, id)).toEqual(['d1 b', 'd0 d']);
    expect(await stored(id)).toBe(6);
    await save(ada, id, 'd32');
    expect(await titles(ada, id)).toEqual(['d2 a', 'd1 b', 'd0 d']);
    expect(await stored(id)).toBe(3);
  });

  it('pages newest first by cursor, and refuses a bad limit or a cursor it did not make', async () => {
    const ada = person();
    at(0);
    const id = await create(ada, 'v0');
    for (let i = 1; i <= 5; i++) {
      at(i * 10);
      await save(ada, id, `v${i}`);
    }
    const first = await versions(ada, id, '?limit=2');
    expect(first.versions.map((v) => v.title)).toEqual(['v4', 'v3']);
    const second = await versions(ada, id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.versions.map((v) => v.title)).toEqual(['v2', 'v1']);
    const last = await versions(ada, id, `?limit=2&cursor=${second.nextCursor}`);
    expect(last).toEqual({ versions: [expect.objectContaining({ title: 'v0' })], nextCursor: null });

    for (const limit of ['0', '101', 'ten', '1.5']) {
      const res = await h.as(ada).get(`/api/vellum/${id}/versions?limit=${limit}`).expect(400);
      expect(res.body.error).toBe(pagingMessages.limit(100));
    }
    const forged = Buffer.from(JSON.stringify(["'; DROP TABLE vellum.versions; --", id])).toString(
      'base64url',
    );
    for (const cursor of ['nonsense', forged]) {
      const res = await h.as(ada).get(`/api/vellum/${id}/versions?cursor=${cursor}`).expect(400);
      expect(res.body.error).toBe(pagingMessages.cursor);
    }
  });

  it('opens a version with its text, and restores it through the save (the replaced text kept at once)', async () => {
    const ada = person();
    at(0);
    const id = await create(ada, 'Original');
    at(10);
    await save(ada, id, 'Edited');
    const [original] = (await versions(ada, id)).versions;
    const opened = (await h.as(ada).get(`/api/vellum/${id}/versions/${original!.i}`).expect(200)).body
      .version;
    expect(opened).toEqual({ ...original, text: body('Original'), problem: null });

    at(11); // one minute after the last save: a restore keeps the replaced text anyway
    const before = h.published.length;
    const restored = await h.as(ada).post(`/api/vellum/${id}/versions/${original!.i}/restore`).expect(200);
    expect(restored.body.savedVellum).toMatchObject({ title: 'Original', text: body('Original') });
    expect(await titles(ada, id)).toEqual(['Edited', 'Original']);
    await eventually(
      () => h.published.slice(before).some((m) => m.type.endsWith('VellumUpdated')),
      5000,
      'the save’s event',
    );
  });

  it('shows, but does not restore, a version that no longer passes the document rules', async () => {
    const ada = person();
    at(0);
    const id = await create(ada, 'Current');
    const versionId = randomUUID();
    const old = JSON.stringify(doc(p(text('old')), { type: 'marquee', content: [text('gone')] }));
    await h.db.query(
      `INSERT INTO vellum.versions (id, vellum_id, title, body, saved_at, size) VALUES ($1, $2, 'Old', $3, $4, 1)`,
      [versionId, id, old, new Date(start - MINUTE)],
    );
    const opened = (await h.as(ada).get(`/api/vellum/${id}/versions/${versionId}`).expect(200)).body.version;
    expect(opened.text).toBe(old);
    expect(opened.problem).toMatch(new RegExp(`^${vellumMessages.versionNotRestorable}: .+`));

    const res = await h.as(ada).post(`/api/vellum/${id}/versions/${versionId}/restore`).expect(400);
    expect(res.body.error).toBe(opened.problem);
    expect((await h.as(ada).get(`/api/vellum/${id}`)).body.vellum.title).toBe('Current');
    expect(await stored(id)).toBe(1);
  });

  describe('is its owner’s alone', () => {
    let ada: Person, bob: Person, priv: string, pub: string, versionId: string;
    beforeAll(async () => {
      [ada, bob] = [person('ada'), person('bob')];
      at(0);
      priv = await create(ada, 'Private');
      pub = await create(ada, 'Public');
      await h.as(ada).put(`/api/vellum/publish/${pub}`).expect(200);
      at(10);
      await save(ada, priv, 'Private 2');
      await save(ada, pub, 'Public 2');
      versionId = (await versions(ada, pub)).versions[0]!.i;
    });

    it('answers anyone else as for a vellum they cannot see, public or not, and changes nothing', async () => {
      for (const who of [undefined, bob]) {
        for (const id of [priv, pub]) {
          for (const path of [`/api/vellum/${id}/versions`, `/api/vellum/${id}/versions/${versionId}`]) {
            const res = await h.as(who).get(path).expect(404);
            expect(res.body.error).toBe(vellumMessages.notFound);
          }
        }
      }
      const visitor = await h
        .as(undefined)
        .post(`/api/vellum/${pub}/versions/${versionId}/restore`)
        .expect(401);
      expect(visitor.body.error).toBe(vellumMessages.signInToWrite);
      for (const id of [priv, pub]) {
        const res = await h.as(bob).post(`/api/vellum/${id}/versions/${versionId}/restore`).expect(404);
        expect(res.body.error).toBe(vellumMessages.notFound);
      }
      expect((await h.as(ada).get(`/api/vellum/${pub}`)).body.vellum.title).toBe('Public 2');
      expect(await stored(pub)).toBe(1);
    });

    it('refuses forged ids: another vellum’s version, unknown ids, hostile text', async () => {
      for (const forged of [randomUUID(), 'not-a-uuid', `${versionId}'--`]) {
        const res = await h.as(ada).get(`/api/vellum/${priv}/versions/${forged}`).expect(404);
        expect(res.body.error).toBe(vellumMessages.versionNotFound);
      }
      // Control characters never reach the routes: the platform refuses them in any path.
      for (const path of [`${priv}/versions/%00%1F`, `${priv}/versions/${versionId}%0A`, 'x%07y/versions']) {
        await h.as(ada).get(`/api/vellum/${path}`).expect(400);
      }
      // The public vellum's version asked of the private one.
      const res = await h.as(ada).post(`/api/vellum/${priv}/versions/${versionId}/restore`).expect(404);
      expect(res.body.error).toBe(vellumMessages.versionNotFound);
      for (const forged of [randomUUID(), 'not-a-uuid']) {
        const missing = await h.as(ada).get(`/api/vellum/${forged}/versions`).expect(404);
        expect(missing.body.error).toBe(vellumMessages.notFound);
      }
      expect((await h.as(ada).get(`/api/vellum/${priv}`)).body.vellum.title).toBe('Private 2');
    });
  });

  it('is deleted with its vellum, and with its owner’s account', async () => {
    const ada = person();
    await h.signedUp(ada, 'Ada Lovelace');
    at(0);
    const [one, two] = [await create(ada, 'One'), await create(ada, 'Two')];
    at(10);
    await save(ada, one, 'One b');
    await save(ada, two, 'Two b');
    expect([await stored(one), await stored(two)]).toEqual([1, 1]);
    await h.as(ada).delete(`/api/vellum/${one}`).expect(200);
    expect(await stored(one)).toBe(0);
    await h.deleteCirrus(ada);
    expect(await stored(two)).toBe(0);
  });
});
