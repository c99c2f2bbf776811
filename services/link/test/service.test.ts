import { randomUUID } from 'node:crypto';
import {
  decodePayload,
  LINK_DEFAULT_COLORS,
  LinkClickedSchema,
  LinkPageChange,
  LinkPageChangedSchema,
  linkMessages,
  unpackEnvelope,
  type LinkView,
} from '@vellum/proto';
import request from 'supertest';
import { eventually } from '@vellum/platform/test-support';
import { linkHarness, type LinkHarness, type Person } from './support/link-harness';

const count = async (h: LinkHarness, sql: string, params: unknown[] = []) =>
  (await h.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const outboxRows = (h: LinkHarness) => count(h, 'SELECT count(*)::int AS n FROM link.outbox');

/** A visitor's address of its own, as the gateway tells it (X-Forwarded-For): clicks are limited per address. */
let visitors = 0;
const newAddress = () => `10.0.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`;
/** What a browser sends when its user follows a link (fetch metadata of a document navigation). */
const NAVIGATION = {
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Site': 'same-origin',
};

describe('the link service alone (PGlite, in-process bus)', () => {
  let h: LinkHarness;
  let ada: Person;
  let bob: Person;
  beforeAll(async () => {
    h = await linkHarness();
    [ada, bob] = [await h.person('Ada'), await h.person('Bob')];
  }, 60_000);
  afterAll(() => h.close());

  const add = async (who: Person, label: string, url = `https://example.com/${label}`) => {
    const res = await h.as(who).post(`/api/link/${who.username}`, { linkLabel: label, linkURL: url });
    expect(res.status).toBe(201);
    return res.body.link as LinkView;
  };
  const page = async (username: string) => (await h.as().get(`/api/link/${username}`)).body;
  const positions = (links: LinkView[]) => links.map((l) => [l.link_label, l.position]);

  it("shows anyone a known cirrus's page, empty with the default colours; an unknown username is 404", async () => {
    expect(await page(ada.username.toUpperCase())).toEqual({
      links: [],
      username: ada.username,
      displayName: ada.displayName,
      image: '',
      ...LINK_DEFAULT_COLORS,
      redirectPath: '/api/link/go/:id',
    });
    expect(LINK_DEFAULT_COLORS).toMatchObject({
      linkItemFontColor: '#337ab7',
      linkItemBackgroundColor: '#ffffff',
    });
    const res = await h.as(bob).get('/api/link/nobody.at.all');
    expect([res.status, res.body]).toEqual([404, { errorMessage: linkMessages.pageNotFound }]);
  });

  it("answers an unverified account's page exactly as an unknown username, to everyone but the account", async () => {
    const uma = await h.unverified('Uma');
    const unknown = await h.as(bob).get('/api/link/nobody.at.all');
    for (const who of [undefined, bob]) {
      const res = await h.as(who).get(`/api/link/${uma.username}`);
      expect([res.status, res.body]).toEqual([unknown.status, unknown.body]);
    }
    expect((await h.as(uma).get(`/api/link/${uma.username}`)).status).toBe(200);
    // Once identity says the email is verified, the page is public.
    await h.verify(uma);
    expect(await page(uma.username)).toMatchObject({ username: uma.username, displayName: uma.displayName });
  });

  it("shows a newcomer their own page before identity's events name them; nobody else's call makes one", async () => {
    const newcomer = { id: randomUUID(), username: `newcomer.${randomUUID().slice(0, 8)}` };
    const unknown = await h.as(bob).get('/api/link/nobody.at.all');
    const before = await h.as(bob).get(`/api/link/${newcomer.username}`);
    expect([before.status, before.body]).toEqual([unknown.status, unknown.body]);
    const own = await h.as(newcomer).get(`/api/link/${newcomer.username.toUpperCase()}`);
    expect([own.status, own.body]).toMatchObject([200, { username: newcomer.username, links: [] }]);
    // Signed in, so verified (only verified accounts sign in): the page is public from then on.
    expect(await page(newcomer.username)).toMatchObject({ username: newcomer.username, links: [] });
  });

  it('adds a link for the owner only, trimmed, with the fields of spec section 3', async () => {
    const res = await h.as(ada).post(`/api/link/${ada.username}`, {
      linkLabel: '  My site ',
      linkURL: ' https://example.com/a?b=c#d ',
    });
    expect(res.status).toBe(201);
    const link = {
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      link_label: 'My site',
      link_url: 'https://example.com/a?b=c#d',
      position: 0,
    };
    expect(res.body).toEqual({ link, links: [link] });
    expect((await page(ada.username)).links).toEqual([res.body.link]);

    const body = { linkLabel: 'x', linkURL: 'https://example.com' };
    const visitor = await h.as().post(`/api/link/${ada.username}`, body);
    expect([visitor.status, visitor.body]).toEqual([401, { errorMessage: linkMessages.signIn }]);
    const other = await h.as(bob).post(`/api/link/${ada.username}`, body);
    expect([other.status, other.body]).toEqual([403, { errorMessage: linkMessages.ownerOnly }]);
    expect((await page(ada.username)).links).toHaveLength(1);
  });

  it('refuses bad labels and every URL that is not an absolute http(s) one, writing nothing', async () => {
    const carl = await h.person('Carl');
    const before = await outboxRows(h);
    const ok = 'https://example.com';
    const cases: Array<[unknown, string]> = [
      [{ linkURL: ok }, linkMessages.labelRequired],
      [{ linkLabel: '   ', linkURL: ok }, linkMessages.labelRequired],
      [{ linkLabel: 'x'.repeat(33), linkURL: ok }, linkMessages.labelTooLong],
      [{ linkLabel: 42, linkURL: ok }, 'Link label must be text.'],
      [{ linkLabel: 'bell\u0007', linkURL: ok }, 'Link label cannot contain control characters.'],
      [{ linkLabel: 'x' }, linkMessages.urlRequired],
      [{ linkLabel: 'x', linkURL: '  ' }, linkMessages.urlRequired],
      [{ linkLabel: 'x', linkURL: `https://example.com/${'a'.repeat(341)}` }, linkMessages.urlTooLong],
      ...[
        'javascript:alert(1)',
        'JavaScript:alert(document.cookie)',
        ' javascript:alert(1)',
        'java\u200bscript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        '//evil.example.com/x',
        '/relative/path',
        'example.com',
        'ftp://example.com/file',
        'mailto:someone@example.com',
        'file:///etc/passwd',
        'https://user:secret@example.com',
        'http://',
        'https:\\\\evil.example.com',
      ].map((url): [unknown, string] => [{ linkLabel: 'x', linkURL: url }, linkMessages.urlUnsafe]),
      [{ linkLabel: 'x', linkURL: 'java\tscript:alert(1)' }, 'Link URL cannot contain control characters.'],
    ];
    for (const [body, errorMessage] of cases) {
      const res = await h.as(carl).post(`/api/link/${carl.username}`, body as object);
      expect({ body, status: res.status, res: res.body }).toEqual({
        body,
        status: 400,
        res: { errorMessage },
      });
    }
    expect((await page(carl.username)).links).toEqual([]);
    expect(await outboxRows(h)).toBe(before);
    // The limits themselves pass: 32 characters (emoji count as one) and 360.
    const long = `https://example.com/${'a'.repeat(340)}`;
    expect(long).toHaveLength(360);
    expect((await add(carl, '😀'.repeat(32), long)).link_url).toBe(long);
    expect((await add(carl, 'plain http', 'HTTP://Example.com/x')).link_url).toBe('HTTP://Example.com/x');
  });

  it('edits and deletes for the owner only; others get 404, visitors 401; positions close up', async () => {
    const dora = await h.person('Dora');
    const [a, b, c] = [await add(dora, 'a'), await add(dora, 'b'), await add(dora, 'c')];
    const edit = { linkLabel: ' B2 ', linkURL: 'https://example.org/b2' };
    for (const [who, path, status, errorMessage] of [
      [undefined, `/api/link/${b._id}`, 401, linkMessages.signIn],
      [bob, `/api/link/${b._id}`, 404, linkMessages.linkNotFound],
      [dora, `/api/link/${randomUUID()}`, 404, linkMessages.linkNotFound],
      [dora, `/api/link/not-an-id`, 404, linkMessages.linkNotFound],
    ] as const) {
      const put = await h.as(who).put(path, edit);
      expect({ path, status: put.status, body: put.body }).toEqual({ path, status, body: { errorMessage } });
      const del = await h.as(who).delete(path);
      expect({ path, status: del.status, body: del.body }).toEqual({ path, status, body: { errorMessage } });
    }
    expect(
      (await h.as(dora).put(`/api/link/${b._id}`, { linkLabel: '', linkURL: 'https://x.org' })).body,
    ).toEqual({
      errorMessage: linkMessages.labelRequired,
    });
    expect(
      (await h.as(dora).put(`/api/link/${b._id}`, { linkLabel: 'b', linkURL: 'javascript:alert(1)' })).status,
    ).toBe(400);

    const edited = await h.as(dora).put(`/api/link/${b._id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body.link).toEqual({
      _id: b._id,
      link_label: 'B2',
      link_url: 'https://example.org/b2',
      position: 1,
    });
    const deleted = await h.as(dora).delete(`/api/link/${a._id}`);
    expect([deleted.status, deleted.body.link.link_label]).toEqual([200, 'a']);
    expect(positions((await page(dora.username)).links)).toEqual([
      ['B2', 0],
      ['c', 1],
    ]);
    expect((await h.as(dora).delete(`/api/link/${a._id}`)).status).toBe(404);
    expect((await page(dora.username)).links.map((l: LinkView) => l._id)).toEqual([b._id, c._id]);
  });

  it('reorders only when a position changed and there are at least 2 links, for the owner only', async () => {
    const eve = await h.person('Eve');
    const reorder = (who: Person | undefined, linksToReorder: unknown) =>
      h.as(who).put('/api/link/position', { linksToReorder });
    const solo = await add(eve, 'solo');
    const events = () => h.published.filter((m) => m.key === eve.id).length;
    await eventually(() => events() === 1 || undefined);
    expect((await reorder(eve, [{ linkID: solo._id, position: 0 }])).status).toBe(200);

    const [two, three] = [await add(eve, 'two'), await add(eve, 'three')];
    await eventually(() => events() === 3 || undefined);
    const same = await reorder(eve, [
      { linkID: solo._id, position: 0 },
      { linkID: two._id, position: 1 },
      { linkID: three._id, position: 2 },
    ]);
    expect(positions(same.body.links)).toEqual([
      ['solo', 0],
      ['two', 1],
      ['three', 2],
    ]);
    const moved = await reorder(eve, [
      { linkID: three._id, position: 0 },
      { linkID: solo._id, position: 1 },
      { linkID: two._id, position: 2 },
    ]);
    expect(positions(moved.body.links)).toEqual([
      ['three', 0],
      ['solo', 1],
      ['two', 2],
    ]);
    expect(positions((await page(eve.username)).links)).toEqual(positions(moved.body.links));
    // One event for the real change; none for the unchanged orders.
    await eventually(() => events() === 4 || undefined);

    for (const [who, body, status, errorMessage] of [
      [undefined, [{ linkID: two._id, position: 0 }], 401, linkMessages.signIn],
      // Someone else's links are not theirs to move: as if they did not exist.
      [
        bob,
        [
          { linkID: two._id, position: 0 },
          { linkID: three._id, position: 1 },
        ],
        404,
        linkMessages.linkNotFound,
      ],
      [
        eve,
        [
          { linkID: two._id, position: 0 },
          { linkID: two._id, position: 1 },
        ],
        400,
        linkMessages.reorderMismatch,
      ],
      [eve, [{ linkID: 'x', position: 0 }], 400, linkMessages.reorderRequired],
      [eve, [{ linkID: two._id, position: -1 }], 400, linkMessages.reorderRequired],
      [eve, 'all of them', 400, linkMessages.reorderRequired],
    ] as const) {
      const res = await reorder(who, body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status, res: { errorMessage } });
    }
    expect(positions((await page(eve.username)).links)).toEqual(positions(moved.body.links));
  });

  it('sets each colour for the owner only and echoes it; anything but a CSS hex colour is refused', async () => {
    const fay = await h.person('Fay');
    const calls = [
      ['set-background-color', 'backgroundColor', 'linkBackgroundColor', '#112233'],
      ['set-item-font-color', 'linkItemFontColor', 'linkItemFontColor', '#ABC'],
      ['set-item-background-color', 'linkItemBackgroundColor', 'linkItemBackgroundColor', '#ff000080'],
    ] as const;
    for (const [call, field, colour, value] of calls) {
      const path = `/api/link/${call}`;
      const res = await h.as(fay).post(path, { [field]: value });
      expect([res.status, res.body]).toEqual([200, { [field]: value.toLowerCase() }]);
      expect((await page(fay.username))[colour]).toBe(value.toLowerCase());
      for (const bad of ['red', '#12345', 'rgb(1,2,3)', '#ggg', 'url(javascript:alert(1))', '', null]) {
        const refused = await h.as(fay).post(path, { [field]: bad });
        expect({ bad, status: refused.status, body: refused.body }).toEqual({
          bad,
          status: 400,
          body: { errorMessage: linkMessages.colorInvalid },
        });
      }
      expect((await h.as().post(path, { [field]: value })).status).toBe(401);
    }
    // Bob's call changes Bob's page, never Fay's.
    await h.as(bob).post('/api/link/set-background-color', { backgroundColor: '#000000' });
    expect((await page(fay.username)).linkBackgroundColor).toBe('#112233');
    expect((await page(bob.username)).linkBackgroundColor).toBe('#000000');
  });

  it("redirects to the link's stored URL only, counting the click per day; the owner alone sees the counts", async () => {
    const gus = await h.person('Gus');
    const [docs, blog] = [await add(gus, 'docs', 'https://docs.example.com/start'), await add(gus, 'blog')];
    h.clock.now = new Date('2026-01-01T23:59:00Z');
    const go = (path: string) =>
      h.as().get(path).set(NAVIGATION).set('X-Forwarded-For', newAddress()).redirects(0);
    for (const path of [
      `/api/link/go/${docs._id}`,
      `/api/link/go/${docs._id}?url=https://evil.example.com`,
      `/api/link/go/${docs._id}?next=//evil.example.com&redirect=javascript:alert(1)`,
    ]) {
      const res = await go(path);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({
        path,
        status: 302,
        location: 'https://docs.example.com/start',
      });
    }
    for (const path of [
      `/api/link/go/${randomUUID()}`,
      '/api/link/go/https%3A%2F%2Fevil.example.com',
      '/api/link/go/not-an-id',
    ]) {
      const res = await go(path);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({
        path,
        status: 404,
        location: undefined,
      });
    }
    h.clock.now = new Date('2026-01-02T00:01:00Z');
    expect((await go(`/api/link/go/${docs._id}`)).status).toBe(302);
    expect((await go(`/api/link/go/${blog._id}`)).status).toBe(302);

    const clicks = await h.as(gus).get(`/api/link/${gus.username}/clicks`);
    expect(clicks.status).toBe(200);
    expect(clicks.body.days).toHaveLength(30);
    expect(clicks.body.days.slice(-2)).toEqual(['2026-01-01', '2026-01-02']);
    const zeros = Array(28).fill(0);
    expect(clicks.body.links).toEqual([
      { _id: docs._id, link_label: 'docs', clicks: [...zeros, 3, 1], total: 4 },
      { _id: blog._id, link_label: 'blog', clicks: [...zeros, 0, 1], total: 1 },
    ]);
    expect((await h.as(bob).get(`/api/link/${gus.username}/clicks`)).body).toEqual({
      errorMessage: linkMessages.ownerOnlyClicks,
    });
    expect((await h.as().get(`/api/link/${gus.username}/clicks`)).status).toBe(401);
    // 30 days later the first day's clicks have left the window.
    h.clock.now = new Date('2026-01-31T12:00:00Z');
    const later = (await h.as(gus).get(`/api/link/${gus.username}/clicks`)).body;
    expect(later.links[0].clicks.slice(0, 1)).toEqual([1]);
    expect(later.links[0].total).toBe(1);
    // A deleted link redirects nowhere any more.
    await h.as(gus).delete(`/api/link/${blog._id}`);
    expect((await go(`/api/link/go/${blog._id}`)).status).toBe(404);
    h.clock.now = new Date('2026-01-01T00:00:00Z');
  });

  const totals = async (who: Person) =>
    ((await h.as(who).get(`/api/link/${who.username}/clicks`)).body.links as Array<{ total: number }>).map(
      (l) => l.total,
    );

  it('counts only a GET navigation: never a HEAD, an image, a script or a frame; no fetch metadata counts', async () => {
    const kim = await h.person('Kim');
    const site = await add(kim, 'site', 'https://kim.example.com/');
    const go = (method: 'get' | 'head', headers: Record<string, string>) => {
      const path = `/api/link/go/${site._id}`;
      const req = method === 'head' ? request(h.app).head(path) : request(h.app).get(path);
      return req.set(headers).set('X-Forwarded-For', newAddress()).redirects(0);
    };
    const before = await outboxRows(h);
    // A cross-site <img src=…/api/link/go/{id}>, a script's fetch, a frame, a script, a bare no-cors request.
    const others: Array<Record<string, string>> = [
      { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Mode': 'no-cors' },
    ];
    for (const headers of others) {
      const res = await go('get', headers);
      // Still the plain redirect to the stored URL, just not counted.
      expect({ headers, status: res.status, location: res.headers.location }).toEqual({
        headers,
        status: 302,
        location: 'https://kim.example.com/',
      });
    }
    for (const headers of [NAVIGATION, {}]) expect((await go('head', headers)).status).toBe(302);
    expect(await outboxRows(h)).toBe(before);
    expect(await totals(kim)).toEqual([0]);

    // A browser's navigation (same-site or from another site), and a client with no fetch metadata at all.
    for (const headers of [NAVIGATION, { ...NAVIGATION, 'Sec-Fetch-Site': 'cross-site' }, {}]) {
      expect((await go('get', headers)).status).toBe(302);
    }
    expect(await outboxRows(h)).toBe(before + 3);
    expect(await totals(kim)).toEqual([3]);
  });

  it('counts one click per address and link a minute, still redirecting; a flood from one address is 429', async () => {
    const lea = await h.person('Lea');
    const [one, two] = [await add(lea, 'one'), await add(lea, 'two')];
    const go = (link: LinkView, address: string) =>
      h.as().get(`/api/link/go/${link._id}`).set(NAVIGATION).set('X-Forwarded-For', address).redirects(0);
    const [here, there] = [newAddress(), newAddress()];
    for (let i = 0; i < 5; i++) expect((await go(one, here)).status).toBe(302);
    expect((await go(two, here)).status).toBe(302);
    expect((await go(one, there)).status).toBe(302);
    expect(await totals(lea)).toEqual([2, 1]);

    // Beyond the hard limit per address (unknown links too), 429 with a clear message; other addresses go on.
    const flood = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 130; i++) {
      answers.push((await go(i % 2 ? one : { ...one, _id: randomUUID() }, flood)).status);
    }
    const refused = await go(one, flood);
    expect([refused.status, refused.body]).toEqual([429, { errorMessage: linkMessages.tooManyClicks }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await go(one, newAddress())).status).toBe(302);
    expect(await totals(lea)).toEqual([4, 1]);
  });

  it('publishes exactly one LinkClicked per counted click, keyed by the owner, with nothing of the visitor', async () => {
    const joy = await h.person('Joy');
    const site = await add(joy, 'site');
    h.clock.now = new Date('2026-02-03T04:05:06Z');
    const before = await outboxRows(h);
    const res = await h
      .as()
      .get(`/api/link/go/${site._id}?utm=secret`)
      .set(NAVIGATION)
      .set('User-Agent', 'Visitor-Agent/1.0')
      .set('Referer', 'https://visitor.example.com/private')
      .set('X-Forwarded-For', '203.0.113.9')
      .redirects(0);
    expect(res.status).toBe(302);
    // The click and its event are written together; an unknown link writes neither.
    expect(await outboxRows(h)).toBe(before + 1);
    expect((await h.as().get(`/api/link/go/${randomUUID()}`).redirects(0)).status).toBe(404);
    expect(await outboxRows(h)).toBe(before + 1);

    const isClick = (m: { key: string; type: string }) =>
      m.key === joy.id && m.type === LinkClickedSchema.typeName;
    const [message] = await eventually(() => {
      const found = h.published.filter(isClick);
      return found.length > 0 ? found : undefined;
    });
    const envelope = unpackEnvelope(message!.value);
    expect(envelope).toMatchObject({ producer: 'link', aggregateId: joy.id });
    expect(decodePayload(envelope, LinkClickedSchema)).toEqual(
      expect.objectContaining({
        linkId: site._id,
        ownerId: joy.id,
        clickedAt: expect.objectContaining({ seconds: BigInt(Date.parse('2026-02-03T04:05:06Z') / 1000) }),
      }),
    );
    expect(new Set(h.published.filter(isClick).map((m) => m.id)).size).toBe(1);
    const text = Buffer.from(message!.value).toString('latin1');
    for (const trace of ['Visitor-Agent', 'visitor.example.com', '203.0.113.9', 'utm', 'secret']) {
      expect(text).not.toContain(trace);
    }
    h.clock.now = new Date('2026-01-01T00:00:00Z');
  });

  it('keeps positions dense and unique when two tabs reorder, add and delete at the same moment', async () => {
    const hal = await h.person('Hal');
    const links = [];
    for (const label of ['a', 'b', 'c', 'd', 'e']) links.push(await add(hal, label));
    const [a, b, c, d, e] = links as [LinkView, LinkView, LinkView, LinkView, LinkView];
    const order = (ls: LinkView[]) => ls.map((l, position) => ({ linkID: l._id, position }));
    for (let round = 0; round < 5; round++) {
      const current: LinkView[] = (await page(hal.username)).links;
      const results = await Promise.all([
        h.as(hal).put('/api/link/position', { linksToReorder: order([...current].reverse()) }),
        h.as(hal).put('/api/link/position', { linksToReorder: order([...current.slice(1), current[0]!]) }),
        h
          .as(hal)
          .post(`/api/link/${hal.username}`, { linkLabel: `new ${round}`, linkURL: 'https://example.com/n' }),
        h.as(hal).delete(`/api/link/${current[round % current.length]!._id}`),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 201, 200]);
      const after: LinkView[] = (await page(hal.username)).links;
      expect(after).toHaveLength(current.length);
      expect(after.map((l) => l.position)).toEqual(after.map((_, i) => i));
      expect(new Set(after.map((l) => l._id)).size).toBe(after.length);
      expect(after.map((l) => l.link_label)).toContain(`new ${round}`);
      expect(after.map((l) => l._id)).not.toContain(current[round % current.length]!._id);
    }
    expect([a, b, c, d, e]).toHaveLength(5);
  });

  it('publishes LinkPageChanged keyed by the owner, with the whole page and consecutive versions', async () => {
    const ivy = await h.person('Ivy');
    const first = await add(ivy, 'one');
    await add(ivy, 'two');
    await h.as(ivy).put(`/api/link/${first._id}`, { linkLabel: 'uno', linkURL: 'https://example.com/uno' });
    await h.as(ivy).put(`/api/link/${first._id}`, { linkLabel: 'uno', linkURL: 'https://example.com/uno' });
    await h.as(ivy).post('/api/link/set-item-font-color', { linkItemFontColor: '#000000' });
    await h.as(ivy).delete(`/api/link/${first._id}`);
    const envelopes = await eventually(() => {
      const found = h.published.filter((m) => m.key === ivy.id);
      return found.length >= 5 ? found.map((m) => unpackEnvelope(m.value)) : undefined;
    });
    const events = envelopes.map((env) => decodePayload(env, LinkPageChangedSchema));
    expect(envelopes.every((env) => env.producer === 'link' && env.aggregateId === ivy.id)).toBe(true);
    expect(events.map((e) => [e.change, e.version])).toEqual([
      [LinkPageChange.LINK_ADDED, 1],
      [LinkPageChange.LINK_ADDED, 2],
      [LinkPageChange.LINK_EDITED, 3],
      [LinkPageChange.COLOURS_CHANGED, 4],
      [LinkPageChange.LINK_DELETED, 5],
    ]);
    expect(events[2]).toMatchObject({
      ownerId: ivy.id,
      username: ivy.username,
      linkId: first._id,
      links: [
        { linkId: first._id, label: 'uno', url: 'https://example.com/uno', position: 0 },
        { label: 'two', position: 1 },
      ],
      backgroundColor: '#ffffff',
      itemFontColor: '#337ab7',
    });
    expect(events[4]!.links.map((l) => [l.label, l.position])).toEqual([['two', 0]]);
    expect(events[4]!.itemFontColor).toBe('#000000');
  });

  it("keeps identity's names and image, applying each event once", async () => {
    const jo = await h.person('Jo');
    await add(jo, 'mine');
    const eventId = await h.profileChanged(jo, {
      username: 'jo.renamed',
      displayName: 'Jo Renamed',
      image: 'https://example.com/jo.png',
    });
    expect(await page('jo.renamed')).toMatchObject({
      username: 'jo.renamed',
      displayName: 'Jo Renamed',
      image: 'https://example.com/jo.png',
      links: [expect.objectContaining({ link_label: 'mine' })],
    });
    expect((await h.as().get(`/api/link/${jo.username}`)).status).toBe(404);
    await h.profileChanged(jo, { username: 'jo.again', displayName: 'Jo Again' });
    // The earlier event again changes nothing.
    await h.profileChanged(jo, { username: 'jo.renamed', displayName: 'Jo Renamed' }, eventId);
    expect((await page('jo.again')).displayName).toBe('Jo Again');
    expect((await h.as().get('/api/link/jo.renamed')).status).toBe(404);
  });
});
