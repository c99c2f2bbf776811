import { linkMessages, type LinkChanged, type LinkPageView } from '@vellum/proto';
import {
  eventually,
  navigate,
  TestClient,
  signedIn,
  type SignedIn as Person,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

const SLOW = 60_000;

/**
 * Every link call through the gateway, as the browser makes them, with accounts made through identity: the link
 * service learns of them from identity's events. The owner, another signed-in person and a visitor. Runs against
 * the embedded product (Postgres adapter) and against gateway + identity + link as processes on the real servers
 * (MongoDB's protocol and Kafka).
 */
export function linkApiSuite(baseUrl: () => string) {
  // Every answer of the suite is checked against the OpenAPI document (its status, its schema, its error shape).
  checkAnswersAgainstTheContract();
  let ann: Person;
  let bob: Person;
  let visitor: TestClient;
  const pageOf = (p: Person) => visitor.get<LinkPageView>(`/api/link/${p.username}`);
  const add = async (p: Person, linkLabel: string, linkURL: string) => {
    const res = await p.client.post<LinkChanged>(`/api/link/${p.username}`, { linkLabel, linkURL });
    if (res.status !== 201) throw new Error(`add failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.link;
  };

  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedIn(baseUrl(), 'Ann'), signedIn(baseUrl(), 'Bob')]);
    visitor = new TestClient(baseUrl());
    // The link service learns of new cirri from identity's events.
    await eventually(async () => (await pageOf(ann)).status === 200 || undefined, SLOW);
  }, 180_000);

  it("shows anyone the owner's page with identity's names and the default colours; 404 for nobody", async () => {
    expect((await pageOf(ann)).body).toMatchObject({
      links: [],
      username: ann.username,
      displayName: ann.displayName,
      linkBackgroundColor: '#ffffff',
      linkItemFontColor: '#337ab7',
      linkItemBackgroundColor: '#ffffff',
    });
    const none = await visitor.get('/api/link/nobody.is.called.this');
    expect([none.status, none.body]).toEqual([404, { errorMessage: linkMessages.pageNotFound }]);
  });

  it('lets the owner alone add, edit, reorder, delete and recolour; others 403/404, visitors 401', async () => {
    const body = { linkLabel: 'Home', linkURL: 'https://example.com/home' };
    expect((await visitor.post(`/api/link/${ann.username}`, body)).status).toBe(401);
    const other = await bob.client.post(`/api/link/${ann.username}`, body);
    expect([other.status, other.body]).toEqual([403, { errorMessage: linkMessages.ownerOnly }]);
    const unsafe = await ann.client.post(`/api/link/${ann.username}`, {
      ...body,
      linkURL: 'javascript:alert(1)',
    });
    expect([unsafe.status, unsafe.body]).toEqual([400, { errorMessage: linkMessages.urlUnsafe }]);

    const home = await add(ann, ' Home ', 'https://example.com/home');
    const blog = await add(ann, 'Blog', 'https://blog.example.com/');
    expect([home.link_label, home.position, blog.position]).toEqual(['Home', 0, 1]);

    const edit = { linkLabel: 'Blog!', linkURL: 'https://blog.example.com/new' };
    expect((await visitor.put(`/api/link/${blog._id}`, edit)).status).toBe(401);
    expect((await bob.client.put(`/api/link/${blog._id}`, edit)).status).toBe(404);
    expect((await bob.client.request('DELETE', `/api/link/${blog._id}`)).status).toBe(404);
    expect((await ann.client.put(`/api/link/${blog._id}`, edit)).body).toMatchObject({
      link: { _id: blog._id, link_label: 'Blog!', link_url: 'https://blog.example.com/new', position: 1 },
    });

    const reorder = {
      linksToReorder: [
        { linkID: blog._id, position: 0 },
        { linkID: home._id, position: 1 },
      ],
    };
    expect((await visitor.put('/api/link/position', reorder)).status).toBe(401);
    const reordered = await ann.client.put<{ links: Array<{ _id: string; position: number }> }>(
      '/api/link/position',
      reorder,
    );
    expect(reordered.body.links.map((l) => [l._id, l.position])).toEqual([
      [blog._id, 0],
      [home._id, 1],
    ]);

    const colour = await ann.client.post('/api/link/set-item-font-color', { linkItemFontColor: '#123456' });
    expect([colour.status, colour.body]).toEqual([200, { linkItemFontColor: '#123456' }]);
    expect(
      (await visitor.post('/api/link/set-background-color', { backgroundColor: '#000000' })).status,
    ).toBe(401);
    expect(
      (await ann.client.post('/api/link/set-background-color', { backgroundColor: 'red' })).body,
    ).toEqual({
      errorMessage: linkMessages.colorInvalid,
    });

    // The viewed cirrus carries the colours too: identity keeps them from the link service's events.
    await eventually(async () => {
      const res = await visitor.get<{ viewedCirrus: Record<string, string> }>(`/api/cirrus/${ann.username}`);
      return res.body.viewedCirrus?.linkItemFontColor === '#123456' || undefined;
    }, SLOW);

    const deleted = await ann.client.request<LinkChanged>('DELETE', `/api/link/${home._id}`);
    expect(deleted.body.links.map((l) => [l.link_label, l.position])).toEqual([['Blog!', 0]]);
    expect((await pageOf(ann)).body).toMatchObject({
      links: [{ _id: blog._id, link_label: 'Blog!', link_url: 'https://blog.example.com/new', position: 0 }],
      linkItemFontColor: '#123456',
    });
  });

  it("sends a visitor on to the link's stored URL only and counts it for the owner alone, once a minute", async () => {
    const site = await add(ann, 'Site', 'https://site.example.com/start');
    const stored = [302, 'https://site.example.com/start'];
    // An <img> pointing at the link and a script's fetch (Node's fetch says `Sec-Fetch-Mode: cors`): redirected,
    // never counted.
    const image = { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'cross-site' };
    for (const headers of [image, {}]) {
      const res = await visitor.get(`/api/link/go/${site._id}`, headers);
      expect([res.status, res.headers.get('location')]).toEqual(stored);
    }
    // The visitor's navigation (counted), then the same visitor again within the minute (redirected, not counted
    // again: one per address and link); a query is never a destination.
    for (const path of [
      `/api/link/go/${site._id}`,
      `/api/link/go/${site._id}?url=https://evil.example.com`,
    ]) {
      const res = await navigate(baseUrl() + path);
      expect([res.status, res.location]).toEqual(stored);
    }
    const unknown = await visitor.get('/api/link/go/00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.headers.get('location')]).toEqual([404, null]);

    const clicks = await ann.client.get<{ days: string[]; links: Array<{ _id: string; total: number }> }>(
      `/api/link/${ann.username}/clicks`,
    );
    expect(clicks.body.days).toHaveLength(30);
    expect(clicks.body.links.find((l) => l._id === site._id)?.total).toBe(1);
    expect((await bob.client.get(`/api/link/${ann.username}/clicks`)).status).toBe(403);
    expect((await visitor.get(`/api/link/${ann.username}/clicks`)).status).toBe(401);
  });
}
