import {
  MAX_DOCUMENT_BYTES,
  pagingMessages,
  VERSIONS_PAGE_MAX,
  vellumMessages,
  type VellumListItem,
  type VellumSearchResponse,
  type VellumView,
} from '@vellum/proto';
import {
  doc,
  hostileDocuments,
  p,
  richDocument,
  text,
  xssPayloads,
} from '@vellum/proto/test/fixtures/vellum-documents';
import {
  eventually,
  TestClient,
  signedIn,
  type SignedIn,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';
import { CREATORS_SIZE } from '../src/domain/listing';

export interface VellumApiSuiteOptions {
  /** Tells the running product that a cirrus changed its display name (identity's CirrusProfileChanged). */
  renameAuthor?: (who: { id: string; username: string }, displayName: string) => Promise<void>;
}

interface Saved {
  savedVellum: VellumView;
}
interface Page {
  vellum: VellumView | null;
  viewAuthorized: boolean;
  isOwner: boolean;
}
interface List {
  vellums: VellumListItem[];
  nextCursor?: string | null;
}
type Found = VellumSearchResponse;

const body = (words: string) => JSON.stringify(doc(p(text(words))));
const NOT_FOUND = { error: vellumMessages.notFound, code: 'not_found' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every vellum call through the gateway, as browsers make them: the owner, another signed-in person, and a visitor.
 * Runs against the embedded product and against gateway + identity + vellum processes on the real servers.
 */
export function vellumApiSuite(baseUrl: () => string, options: VellumApiSuiteOptions = {}) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  let owner: SignedIn;
  let bob: SignedIn;
  let visitor: TestClient;

  const create = async (who: SignedIn, title: string, text: string = body(`${title} body`)) => {
    const res = await who.client.post<Saved>('/api/vellum-new', { title, text });
    if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.savedVellum;
  };
  const publish = async (who: SignedIn, id: string) => {
    const res = await who.client.put(`/api/vellum/publish/${id}`);
    if (res.status !== 200) throw new Error(`publish failed: ${JSON.stringify(res.body)}`);
  };
  const page = (c: TestClient, id: string) => c.get<Page>(`/api/vellum/${id}`);
  const del = (c: TestClient, path: string) => c.request('DELETE', path);

  beforeAll(async () => {
    [owner, bob] = await Promise.all([signedIn(baseUrl(), 'Ada'), signedIn(baseUrl(), 'Bob')]);
    visitor = new TestClient(baseUrl());
  }, 60_000);

  describe('creating', () => {
    it('creates a private vellum with the fields of spec section 3', async () => {
      const res = await owner.client.post<Saved>('/api/vellum-new', {
        title: '  My first  ',
        text: JSON.stringify(richDocument),
      });
      expect(res.status).toBe(201);
      const v = res.body.savedVellum;
      expect(v).toEqual({
        i: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'My first',
        text: JSON.stringify(richDocument),
        last_edited: expect.any(String),
        created_at: expect.any(String),
        revision: 1,
        is_new: true,
        is_public: false,
        cirrus_i: owner.id,
        owned_by_cirrus: { i: owner.id, username: owner.account.username, display_name: expect.any(String) },
      });
      expect(new Date(v.last_edited).toISOString()).toBe(v.last_edited);
      expect(JSON.parse(v.text)).toEqual(richDocument);
    });

    it('creates the empty variant (no title, no text) and a 92-character title', async () => {
      const empty = await owner.client.post<Saved>('/api/vellum-new', { title: '', text: '' });
      expect(empty.status).toBe(201);
      expect(empty.body.savedVellum).toMatchObject({ title: '', text: '', is_new: true, is_public: false });
      const long = await owner.client.post<Saved>('/api/vellum-new', {
        title: 'T'.repeat(92),
        text: body('x'),
      });
      expect(long.status).toBe(201);
    });

    it.each<[string, unknown, string]>([
      ['a 93-character title', { title: 'T'.repeat(93), text: body('x') }, vellumMessages.titleTooLong],
      ['a title without content', { title: 'Only a title', text: '' }, vellumMessages.needsTitleAndContent],
      [
        'a title with an empty document',
        { title: 'Blank', text: JSON.stringify(doc(p())) },
        vellumMessages.needsTitleAndContent,
      ],
      ['content without a title', { title: '   ', text: body('words') }, vellumMessages.needsTitleAndContent],
      ['a title that is a list', { title: ['x'], text: body('x') }, 'Title must be text.'],
      ['a body that is not an object', ['x'], 'The request must be a JSON object.'],
      ['text that is not JSON', { title: 'x', text: '{"type":"doc",' }, 'The document is not valid JSON.'],
    ])('refuses %s with a message, creating nothing', async (_name, payload, message) => {
      const before = await owner.client.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
      const res = await owner.client.post('/api/vellum-new', payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid' });
      const after = await owner.client.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
      expect(after.body.vellums.length).toBe(before.body.vellums.length);
    });

    it('asks a visitor to sign in', async () => {
      const res = await visitor.post('/api/vellum-new', { title: 'x', text: body('x') });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: vellumMessages.signInToWrite, code: 'unauthenticated' });
    });

    it('refuses a document over 512 KB', async () => {
      const res = await owner.client.post('/api/vellum-new', {
        title: 'Big',
        text: JSON.stringify(doc(p(text('x'.repeat(MAX_DOCUMENT_BYTES))))),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'The document is too large (at most 512 KB).' });
    });
  });

  describe('reading one vellum', () => {
    it('shows the owner their private vellum, and nobody else anything of it', async () => {
      const v = await create(owner, 'Secret plans', body('the secret words'));
      const mine = await page(owner.client, v.i);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({ vellum: v, viewAuthorized: true, isOwner: true });
      for (const c of [bob.client, visitor]) {
        const res = await page(c, v.i);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ vellum: null, viewAuthorized: false, isOwner: false });
        expect(JSON.stringify(res.body)).not.toMatch(/Secret|secret words/);
      }
      // A missing vellum and a malformed id answer exactly as someone else's private one.
      for (const id of [UNKNOWN_ID, 'not-an-id']) {
        expect((await page(bob.client, id)).body).toEqual({
          vellum: null,
          viewAuthorized: false,
          isOwner: false,
        });
      }
    });

    it('sends a Content-Security-Policy that forbids any script on every vellum answer', async () => {
      const v = await create(owner, 'Headers');
      for (const res of [
        await page(owner.client, v.i),
        await visitor.get('/api/vellums'),
        await visitor.post('/api/vellum-new', {}),
      ]) {
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toContain('unsafe-inline');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      }
    });
  });

  describe('saving', () => {
    it('saves the title and text for the owner; the vellum is no longer new and its edit time moves', async () => {
      const v = await create(owner, 'Draft');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await owner.client.post<Saved>(`/api/vellum/${v.i}`, {
        title: 'Final',
        text: body('final words'),
      });
      expect(res.status).toBe(200);
      expect(res.body.savedVellum).toMatchObject({
        i: v.i,
        title: 'Final',
        text: body('final words'),
        is_new: false,
      });
      expect(res.body.savedVellum.last_edited > v.last_edited).toBe(true);
      expect((await page(owner.client, v.i)).body.vellum).toEqual(res.body.savedVellum);
      // Without text the body stays; an empty text empties it.
      const titleOnly = await owner.client.post<Saved>(`/api/vellum/${v.i}`, { title: 'Renamed' });
      expect(titleOnly.body.savedVellum).toMatchObject({ title: 'Renamed', text: body('final words') });
      const emptied = await owner.client.post<Saved>(`/api/vellum/${v.i}`, { title: 'Renamed', text: '' });
      expect(emptied.body.savedVellum.text).toBe('');
    });

    it.each<[string, unknown, string]>([
      ['an empty title', { title: '', text: body('x') }, vellumMessages.titleRequired],
      ['a blank title', { title: '   ' }, vellumMessages.titleRequired],
      ['no title', { text: body('x') }, vellumMessages.titleRequired],
      ['a 93-character title', { title: 'T'.repeat(93) }, vellumMessages.titleTooLong],
    ])('refuses %s and keeps the vellum', async (_name, payload, message) => {
      const v = await create(owner, 'Kept');
      const res = await owner.client.post(`/api/vellum/${v.i}`, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid' });
      expect((await page(owner.client, v.i)).body.vellum).toEqual(v);
    });

    it('lets nobody but the owner save: a private vellum is missing to them, a public one not theirs', async () => {
      const v = await create(owner, 'Mine');
      expect((await visitor.post(`/api/vellum/${v.i}`, { title: 'x' })).status).toBe(401);
      const hidden = await bob.client.post(`/api/vellum/${v.i}`, { title: 'Hijacked' });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(NOT_FOUND);
      await publish(owner, v.i);
      const shown = await bob.client.post(`/api/vellum/${v.i}`, { title: 'Hijacked' });
      expect(shown.status).toBe(403);
      expect(shown.body).toEqual({ error: vellumMessages.ownerOnly, code: 'forbidden' });
      expect((await page(owner.client, v.i)).body.vellum?.title).toBe('Mine');
      expect((await owner.client.post(`/api/vellum/${UNKNOWN_ID}`, { title: 'x' })).status).toBe(404);
    });
  });

  describe('saving from a page that is behind (issue 28, two tabs)', () => {
    const save = (id: string, payload: Record<string, unknown>) =>
      owner.client.post<Saved>(`/api/vellum/${id}`, payload);

    it('saves over the revision the edits started from, and refuses with 409 over a newer one', async () => {
      const v = await create(owner, 'Shared');
      expect(v.revision).toBe(1);
      const tabA = await save(v.i, { title: 'From A', text: body('a'), baseRevision: 1 });
      expect([tabA.status, tabA.body.savedVellum.revision]).toEqual([200, 2]);
      expect((await page(owner.client, v.i)).body.vellum?.revision).toBe(2);
      const tabB = await save(v.i, { title: 'From B', text: body('b'), baseRevision: 1 });
      expect([tabB.status, tabB.body]).toEqual([
        409,
        { error: vellumMessages.changedElsewhere, code: 'conflict' },
      ]);
      expect((await page(owner.client, v.i)).body.vellum).toEqual(tabA.body.savedVellum);
      // Without a revision the save goes through, as the spec's call does.
      const unchecked = await save(v.i, { title: 'Unchecked' });
      expect([unchecked.status, unchecked.body.savedVellum.revision]).toEqual([200, 3]);
    });

    it('lets exactly one of two saves from the same revision through', async () => {
      const v = await create(owner, 'Race');
      const answers = await Promise.all(
        ['Left', 'Right'].map((title) => save(v.i, { title, text: body(title), baseRevision: 1 })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.savedVellum;
      expect((await page(owner.client, v.i)).body.vellum).toEqual(winner);
    });

    it('answers a repeated save as saved, and refuses a revision that is not a whole number from 1', async () => {
      const v = await create(owner, 'Twice');
      const first = await save(v.i, { title: 'Sent', text: body('sent'), baseRevision: 1 });
      const again = await save(v.i, { title: 'Sent', text: body('sent'), baseRevision: 1 });
      expect([again.status, again.body]).toEqual([200, first.body]);
      const bad = await save(v.i, { title: 'Sent', baseRevision: 'one' });
      expect([bad.status, bad.body]).toEqual([400, { error: vellumMessages.badRevision, code: 'invalid' }]);
    });
  });

  describe('unsafe documents (stored XSS)', () => {
    const corpus = hostileDocuments();

    it(`refuses all ${corpus.length} hostile documents on create and on save, storing nothing`, async () => {
      const v = await create(owner, 'Target');
      const refusedOn: string[] = [];
      for (const [name, hostile] of corpus) {
        const text = JSON.stringify(hostile);
        const created = await owner.client.post('/api/vellum-new', { title: 'Hostile', text });
        const saved = await owner.client.post(`/api/vellum/${v.i}`, { title: 'Hostile', text });
        // The document may also be sent as the object itself: the same rules apply.
        const asObject = await owner.client.post(`/api/vellum/${v.i}`, { title: 'Hostile', text: hostile });
        for (const res of [created, saved, asObject]) {
          if (res.status !== 400 || typeof res.body.error !== 'string')
            refusedOn.push(`${name}: ${res.status}`);
        }
      }
      expect(refusedOn).toEqual([]);
      expect((await page(owner.client, v.i)).body.vellum).toEqual(v);
      const list = await owner.client.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
      expect(list.body.vellums.some((x) => x.title === 'Hostile')).toBe(false);
    }, 120_000);

    it('answers with the spec-voiced reason', async () => {
      const res = await owner.client.post('/api/vellum-new', {
        title: 'x',
        text: JSON.stringify(
          doc(p(text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
        ),
      });
      expect(res.body).toEqual({
        error: 'Links may only point to http, https or mailto addresses.',
        code: 'invalid',
      });
    });

    it('keeps script payloads in titles and text as inert data, returned byte for byte', async () => {
      for (const payload of xssPayloads.slice(0, 4)) {
        const v = await create(owner, payload.slice(0, 92), body(payload));
        const read = await page(owner.client, v.i);
        expect(read.body.vellum?.title).toBe(payload.slice(0, 92).trim());
        expect(JSON.parse(read.body.vellum!.text)).toEqual(doc(p(text(payload))));
      }
    });
  });

  describe('publishing and making private', () => {
    it('publishes for everyone, and makes private again for the owner alone', async () => {
      const v = await create(owner, 'Going public', body('hello readers'));
      expect((await visitor.put(`/api/vellum/publish/${v.i}`)).status).toBe(401);
      expect((await bob.client.put(`/api/vellum/publish/${v.i}`)).body).toEqual(NOT_FOUND);

      const published = await owner.client.put<Saved>(`/api/vellum/publish/${v.i}`);
      expect(published.status).toBe(200);
      expect(published.body.savedVellum).toMatchObject({
        i: v.i,
        is_public: true,
        last_edited: v.last_edited,
      });
      for (const c of [bob.client, visitor]) {
        const res = await page(c, v.i);
        expect(res.body).toMatchObject({ viewAuthorized: true, isOwner: false });
        expect(res.body.vellum).toMatchObject({
          title: 'Going public',
          text: body('hello readers'),
          is_public: true,
        });
      }
      // Publishing twice changes nothing.
      expect((await owner.client.put<Saved>(`/api/vellum/publish/${v.i}`)).body.savedVellum.is_public).toBe(
        true,
      );

      const stolen = await bob.client.put(`/api/vellum/private/${v.i}`);
      expect(stolen.status).toBe(403);
      expect(stolen.body).toEqual({ error: vellumMessages.ownerOnly, code: 'forbidden' });
      const hidden = await owner.client.put<Saved>(`/api/vellum/private/${v.i}`);
      expect(hidden.body.savedVellum.is_public).toBe(false);
      for (const c of [bob.client, visitor]) {
        expect((await page(c, v.i)).body).toEqual({ vellum: null, viewAuthorized: false, isOwner: false });
      }
    });
  });

  describe('lists', () => {
    let privateOne: VellumView;
    let publicOne: VellumView;
    beforeAll(async () => {
      privateOne = await create(owner, 'Quarterly Zebra notes', body('internal Xylophone figures'));
      publicOne = await create(owner, 'Public Zebra essay', body('about the Xylophone'));
      await publish(owner, publicOne.i);
    });

    it('gives the owner every vellum, newest edited first, as lean rows', async () => {
      const res = await owner.client.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
      const ids = res.body.vellums.map((v) => v.i);
      expect(ids).toEqual(expect.arrayContaining([privateOne.i, publicOne.i]));
      expect(ids.indexOf(publicOne.i)).toBeLessThan(ids.indexOf(privateOne.i));
      const edited = res.body.vellums.map((v) => v.last_edited);
      expect(edited).toEqual([...edited].sort().reverse());
      for (const row of res.body.vellums) {
        expect(Object.keys(row).sort()).toEqual(
          ['cirrus_i', 'i', 'is_new', 'is_public', 'last_edited', 'owned_by_cirrus', 'title'].sort(),
        );
      }
    });

    it('gives everybody else only the public ones (and the owner too with ?public=true)', async () => {
      for (const c of [bob.client, visitor]) {
        const res = await c.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
        expect(res.body.vellums.map((v) => v.i)).toContain(publicOne.i);
        expect(res.body.vellums.every((v) => v.is_public)).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain('Quarterly');
      }
      const own = await owner.client.get<List>(
        `/api/cirrus/${owner.account.username.toUpperCase()}/vellums?public=true`,
      );
      expect(own.body.vellums.every((v) => v.is_public)).toBe(true);
      expect((await visitor.get<List>('/api/cirrus/nobody.here.at.all/vellums')).body).toEqual({
        vellums: [],
      });
    });

    it('searches the words of title and body, best match first, in what the caller may see', async () => {
      const search = (c: TestClient, q: string) =>
        c.get<Found>(`/api/cirrus/${owner.account.username}/vellums?search=${encodeURIComponent(q)}`);
      const ids = async (c: TestClient, q: string) => (await search(c, q)).body.vellums.map((v) => v.i);
      // A stem ('figure' finds 'figures'), the last word as a prefix, a phrase in quotes.
      expect((await ids(owner.client, 'xylophone')).sort()).toEqual([privateOne.i, publicOne.i].sort());
      expect(await ids(owner.client, 'figure')).toEqual([privateOne.i]);
      expect(await ids(owner.client, 'quarterly ZEB')).toEqual([privateOne.i]);
      expect(await ids(owner.client, '"internal xylophone"')).toEqual([privateOne.i]);
      expect(await ids(owner.client, '"xylophone internal"')).toEqual([]);
      const found = await search(owner.client, 'figures');
      expect(found.body).toEqual({
        vellums: [
          expect.objectContaining({
            i: privateOne.i,
            snippet: { text: 'internal Xylophone figures', marks: [{ start: 19, end: 26 }] },
          }),
        ],
        nextCursor: null,
        capped: false,
      });
      // Nobody else finds the private one, nor any of its words.
      for (const c of [bob.client, visitor]) {
        const res = await search(c, 'xylophone');
        expect(res.body.vellums.map((v) => v.i)).toEqual([publicOne.i]);
        expect(JSON.stringify(res.body)).not.toMatch(/Quarterly|internal|figures/);
        expect(await ids(c, 'internal')).toEqual([]);
      }
      // Query syntax typed is only text.
      const hostile = await search(owner.client, `xylo' & !(zebra) | <-> :* \\`);
      expect(hostile.status).toBe(200);
      const short = await search(owner.client, ' x ');
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ error: vellumMessages.searchTooShort, code: 'invalid' });
    });

    it('searches every public vellum from Discover, a page at a time', async () => {
      const found = await visitor.get<Found>('/api/vellums?search=xylophone&limit=100');
      expect(found.status).toBe(200);
      const mine = found.body.vellums.filter((v) => v.cirrus_i === owner.id);
      expect(mine.map((v) => v.i)).toEqual([publicOne.i]);
      expect(mine[0]!.snippet).toEqual({ text: 'about the Xylophone', marks: [{ start: 10, end: 19 }] });
      expect(JSON.stringify(found.body)).not.toMatch(/Quarterly|internal figures/);
      const bad = await visitor.get('/api/vellums?search=xylophone&cursor=nonsense');
      expect(bad.status).toBe(400);
    });
  });

  describe('discovery', () => {
    it('pages through public vellums newest first with a cursor, never showing a private one', async () => {
      const secret = await create(owner, 'Discovery secret');
      const shown: VellumView[] = [];
      for (const title of ['Disc A', 'Disc B', 'Disc C']) {
        const v = await create(owner, title);
        await publish(owner, v.i);
        shown.push(v);
      }
      const seen: VellumListItem[] = [];
      let cursor: string | null | undefined;
      for (let pageNo = 0; pageNo < 10; pageNo++) {
        const res = await visitor.get<List>(`/api/vellums?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.vellums.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.vellums);
        cursor = res.body.nextCursor;
        if (!cursor || shown.every((v) => seen.some((s) => s.i === v.i))) break;
      }
      expect(seen.map((v) => v.i)).toEqual(expect.arrayContaining(shown.map((v) => v.i)));
      expect(new Set(seen.map((v) => v.i)).size).toBe(seen.length);
      expect(seen.every((v) => v.is_public && !('text' in v))).toBe(true);
      expect(seen.some((v) => v.i === secret.i)).toBe(false);
      const order = seen.map((v) => `${v.last_edited}|${v.i}`);
      expect(order).toEqual([...order].sort().reverse());
    });

    it('refuses a cursor it did not make', async () => {
      const res = await visitor.get('/api/vellums?cursor=garbage');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'That page of the list does not exist; start again from the first page.',
        code: 'invalid',
      });
    });

    it('refuses a limit that is not a whole number from 1 to 100, rather than paging by another', async () => {
      for (const limit of ['0', '101', 'ten', '1.5', '-1', '']) {
        const res = await visitor.get(`/api/vellums?limit=${encodeURIComponent(limit)}`);
        expect({ limit, status: res.status, body: res.body }).toEqual({
          limit,
          status: 400,
          body: { error: 'The limit must be a whole number from 1 to 100.', code: 'invalid' },
        });
      }
      expect((await visitor.get('/api/vellums?limit=100')).status).toBe(200);
    });
  });

  describe('scores, showcase and creators', () => {
    it('lets signed-in readers rate a public vellum once each; the score shows after enough ratings', async () => {
      const [carol, dan] = await Promise.all([signedIn(baseUrl(), 'Carol'), signedIn(baseUrl(), 'Dan')]);
      const v = await create(owner, 'Rate me');
      const score = (c: TestClient) => c.get(`/api/vellum/${v.i}/score`);
      const rate = (c: TestClient, level: string) => c.put(`/api/vellum/${v.i}/score/${level}`);

      // Private: nobody else learns it exists.
      expect((await score(bob.client)).body).toEqual(NOT_FOUND);
      expect((await rate(bob.client, 'good')).body).toEqual(NOT_FOUND);
      await publish(owner, v.i);

      expect((await score(visitor)).body).toEqual({
        score: null,
        scoreStyle: 'secondary',
        ratingsRequired: 3,
        ratings: 0,
        myRating: null,
      });
      expect((await rate(visitor, 'good')).body).toEqual({
        error: vellumMessages.signInToRate,
        code: 'unauthenticated',
      });
      const own = await rate(owner.client, 'excellent');
      expect(own.status).toBe(403);
      expect(own.body).toEqual({ error: vellumMessages.cannotRateOwn, code: 'forbidden' });
      const odd = await rate(bob.client, 'awful');
      expect(odd.status).toBe(400);
      expect(odd.body).toEqual({ error: vellumMessages.badScoreLevel, code: 'invalid' });

      expect((await rate(bob.client, 'good')).body).toMatchObject({
        score: null,
        ratingsRequired: 2,
        myRating: 'good',
      });
      // A new rating by the same reader replaces the old one.
      expect((await rate(bob.client, 'excellent')).body).toMatchObject({ ratingsRequired: 2, ratings: 1 });
      expect((await rate(carol.client, 'bad')).body).toMatchObject({ ratingsRequired: 1, ratings: 2 });
      // (3 + 1 + 3) / 3 = 2.33: good.
      expect((await rate(dan.client, 'excellent')).body).toEqual({
        score: 'good',
        scoreStyle: 'primary',
        ratingsRequired: 0,
        ratings: 3,
        myRating: 'excellent',
      });
      expect((await score(visitor)).body).toMatchObject({
        score: 'good',
        scoreStyle: 'primary',
        myRating: null,
      });
      expect((await score(carol.client)).body).toMatchObject({ myRating: 'bad' });

      const showcase = await visitor.get<List>('/api/get-showcase-vellums');
      expect(showcase.status).toBe(200);
      expect(showcase.body.vellums.map((x) => x.i)).toContain(v.i);
      const creators = await visitor.get<{
        creators: Array<{ i: string; username: string; publicVellums: number }>;
      }>('/api/get-creators');
      expect(creators.status).toBe(200);
      // The top creators of the whole store, which other suites (and, on a long-lived test server, earlier runs)
      // fill too: the owner is listed with their public vellums, or the list is full of people with as many or more.
      const list = creators.body.creators;
      const counts = list.map((c) => c.publicVellums);
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(CREATORS_SIZE);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      for (const c of list) expect(c.username.length * c.publicVellums).toBeGreaterThan(0);
      const ownPublic = (await visitor.get<List>(`/api/cirrus/${owner.account.username}/vellums`)).body
        .vellums.length;
      expect(ownPublic).toBeGreaterThan(0);
      const listed = list.find((c) => c.i === owner.id);
      if (listed) {
        expect(listed.username).toBe(owner.account.username);
        expect(listed.publicVellums).toBeGreaterThanOrEqual(ownPublic);
      } else {
        expect(list).toHaveLength(CREATORS_SIZE);
        expect(counts.at(-1)).toBeGreaterThanOrEqual(ownPublic);
      }
    }, 60_000);
  });

  describe('history (issue 28)', () => {
    const VERSION_NOT_FOUND = { error: vellumMessages.versionNotFound, code: 'not_found' };
    const versions = (c: TestClient, id: string, query = '') =>
      c.get<{ versions: unknown[]; nextCursor: string | null; error?: string }>(
        `/api/vellum/${id}/versions${query}`,
      );

    // The product runs with the default 5 minutes: saves made at once coalesce (the service tests move a fake clock).
    it('keeps no version of saves made within 5 minutes of the creation', async () => {
      const v = await create(owner, 'Drafted fast');
      for (const words of ['one', 'two']) {
        const res = await owner.client.post(`/api/vellum/${v.i}`, {
          title: 'Drafted fast',
          text: body(words),
        });
        expect(res.status).toBe(200);
      }
      const res = await versions(owner.client, v.i);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ versions: [], nextCursor: null });
    });

    it('answers anyone but the owner as for a vellum they cannot see, public or private', async () => {
      const [priv, pub] = [await create(owner, 'History private'), await create(owner, 'History public')];
      await publish(owner, pub.i);
      for (const c of [visitor, bob.client]) {
        for (const id of [priv.i, pub.i]) {
          for (const path of [`/api/vellum/${id}/versions`, `/api/vellum/${id}/versions/${UNKNOWN_ID}`]) {
            const res = await c.get(path);
            expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
          }
        }
      }
      const asVisitor = await visitor.post(`/api/vellum/${pub.i}/versions/${UNKNOWN_ID}/restore`);
      expect(asVisitor.status).toBe(401);
      const asBob = await bob.client.post(`/api/vellum/${pub.i}/versions/${UNKNOWN_ID}/restore`);
      expect([asBob.status, asBob.body]).toEqual([404, NOT_FOUND]);
    });

    it('refuses a bad page, a forged cursor and a version that is not the vellum’s', async () => {
      const v = await create(owner, 'History paging');
      const limit = await versions(owner.client, v.i, '?limit=0');
      expect([limit.status, limit.body.error]).toEqual([400, pagingMessages.limit(VERSIONS_PAGE_MAX)]);
      const cursor = await versions(owner.client, v.i, '?cursor=forged');
      expect([cursor.status, cursor.body.error]).toEqual([400, pagingMessages.cursor]);
      for (const versionId of [UNKNOWN_ID, 'not-a-uuid']) {
        const one = await owner.client.get(`/api/vellum/${v.i}/versions/${versionId}`);
        expect([one.status, one.body]).toEqual([404, VERSION_NOT_FOUND]);
        const restore = await owner.client.post(`/api/vellum/${v.i}/versions/${versionId}/restore`);
        expect([restore.status, restore.body]).toEqual([404, VERSION_NOT_FOUND]);
      }
      expect((await page(owner.client, v.i)).body.vellum?.title).toBe('History paging');
    });
  });

  describe('deleting', () => {
    it('deletes for the owner alone', async () => {
      const v = await create(owner, 'Short-lived');
      expect((await del(visitor, `/api/vellum/${v.i}`)).status).toBe(401);
      expect((await del(bob.client, `/api/vellum/${v.i}`)).body).toEqual(NOT_FOUND);
      await publish(owner, v.i);
      const refused = await del(bob.client, `/api/vellum/${v.i}`);
      expect(refused.status).toBe(403);
      expect((await page(visitor, v.i)).body.viewAuthorized).toBe(true);

      const res = await del(owner.client, `/api/vellum/${v.i}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'Success' });
      expect((await page(owner.client, v.i)).body).toEqual({
        vellum: null,
        viewAuthorized: false,
        isOwner: false,
      });
      expect((await visitor.get(`/api/vellum/${v.i}/score`)).status).toBe(404);
      expect((await del(owner.client, `/api/vellum/${v.i}`)).status).toBe(404);
      const list = await owner.client.get<List>(`/api/cirrus/${owner.account.username}/vellums`);
      expect(list.body.vellums.some((x) => x.i === v.i)).toBe(false);
    });
  });

  describe('authors', () => {
    it("shows the author's display name from identity in every list", async () => {
      const v = await create(bob, 'By Bob');
      await publish(bob, v.i);
      const rowIn = async (path: string) =>
        (await visitor.get<List>(path)).body.vellums.find((x) => x.i === v.i)?.owned_by_cirrus;
      await eventually(
        async () =>
          (await rowIn(`/api/cirrus/${bob.account.username}/vellums`))?.display_name === bob.displayName,
        15_000,
      );
      expect(await rowIn('/api/vellums?limit=100')).toEqual({
        i: bob.id,
        username: bob.account.username,
        display_name: bob.displayName,
      });
    });

    // Only where the test can speak for identity on the bus (the service tests cover the embedded bus).
    const rename = options.renameAuthor;
    if (rename)
      it('shows a changed display name everywhere once identity says so', async () => {
        const v = await create(bob, 'Renamed author');
        await publish(bob, v.i);
        await rename({ id: bob.id, username: bob.account.username }, 'Robert Renamed');
        await eventually(async () => {
          const res = await visitor.get<Page>(`/api/vellum/${v.i}`);
          return res.body.vellum?.owned_by_cirrus.display_name === 'Robert Renamed';
        }, 15_000);
        const list = await visitor.get<List>(`/api/cirrus/${bob.account.username}/vellums`);
        expect(list.body.vellums.every((x) => x.owned_by_cirrus.display_name === 'Robert Renamed')).toBe(
          true,
        );
      });
  });
}
