import { TestClient, verifiedAccount } from '@vellum/platform/test-support';
import { describeEmbedded } from './embedded.harness';

// The attacker's probe found 500s where a client's mistake should get a 4xx (issue 12). This walks every route of
// the gateway with malformed path parameters, query strings and bodies, as a signed-in person and as a visitor, and
// requires that nothing answers 5xx: a 500 means input reached code that did not expect it.

const ODD_SEGMENTS = [
  '%ZZ',
  '%00',
  'a%00b',
  'a%07b',
  '%2e%2e',
  '%C0%AE',
  '%F0%9F%98%80',
  'x'.repeat(3000),
  '-1',
  '1e309',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%20',
];

const ODD_QUERIES = [
  'search=%00',
  'search=a&search=b',
  'search[]=a',
  'search[a]=b',
  'query=%00',
  'query=a&query=b',
  'query[]=x',
  'query=%ZZ',
  'limit=-1',
  'limit=abc',
  'limit=1e309',
  'limit=99999999999999999999999',
  'limit=1&limit=2',
  'cursor=%00',
  'cursor=garbage',
  'cursor=a&cursor=b',
  'cursor[]=x',
  'public=maybe',
  'public[]=true',
  'to=%00',
];

const ODD_BODIES: unknown[] = [
  '[]',
  'null',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"admin":true}}',
  { title: ['a'], text: { a: 1 } },
  {
    title: 'a',
    text: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a\u0000b"}]}]}',
  },
  { title: 'a', text: 'not json' },
  { title: 'a\u0000b', text: '' },
  { email: ['a@b.c'], password: { $gt: '' } },
  { email: 'a\u0000@b.co', password: 'x\u0000' },
  { username: 1, email: null, first_name: [], last_name: {}, password: true },
  { token: ['x'], password: 1 },
  { text: 5, priority: ['High'] },
  { forCirrusI: { id: 1 }, text: 'x', priority: 'High' },
  { forCirrusI: '00000000-0000-0000-0000-000000000000', text: 'x\u0000', priority: 'Nope' },
  { nested: JSON.parse('['.repeat(200) + ']'.repeat(200)) },
];

const ROUTES: Array<[method: string, template: string]> = [
  ['GET', '/api/username/:p'],
  ['GET', '/api/cirrus/:p'],
  ['GET', '/api/cirrus/:p/vellums'],
  ['GET', '/api/cirrus/:p/follow'],
  ['POST', '/api/cirrus/:p/follow'],
  ['DELETE', '/api/cirrus/:p/follow'],
  ['GET', '/api/cirrus/:p/followers'],
  ['GET', '/api/cirrus/:p/following'],
  ['GET', '/api/cirrus/:p/actions'],
  ['GET', '/api/cirrus/:p/actions-snippet'],
  ['GET', '/api/vellum/:p'],
  ['POST', '/api/vellum/:p'],
  ['DELETE', '/api/vellum/:p'],
  ['PUT', '/api/vellum/publish/:p'],
  ['PUT', '/api/vellum/private/:p'],
  ['GET', '/api/vellum/:p/score'],
  ['PUT', '/api/vellum/:p/score/:p'],
  ['PUT', '/api/action/:p/complete'],
  ['PUT', '/api/action/:p/abandon'],
];

const BODY_ROUTES: Array<[method: string, path: string]> = [
  ['POST', '/api/signin'],
  ['POST', '/api/cirrus/create'],
  ['PUT', '/api/verification/email'],
  ['POST', '/api/verification/email'],
  ['POST', '/api/password-reset/send'],
  ['POST', '/api/password-reset/token'],
  ['POST', '/api/password-reset'],
  ['POST', '/api/vellum-new'],
  ['POST', '/api/action'],
  ['POST', '/api/action/request'],
  ['POST', '/api/messenger/notifications/read'],
];

const QUERY_ROUTES = [
  '/api/vellums',
  '/api/search',
  '/api/cirrus/:u/vellums',
  '/api/cirrus/:u/followers',
  '/api/messenger/notifications',
  '/dev/mailbox',
];

describeEmbedded('hostile input never answers 5xx', (url) => {
  let signedIn: TestClient;
  let username: string;
  let vellumId: string;

  beforeAll(async () => {
    const account = await verifiedAccount(url());
    username = account.username;
    signedIn = new TestClient(url());
    await signedIn.post('/api/signin', { email: account.email, password: account.password });
    const created = await signedIn.post<{ savedVellum: { i: string } }>('/api/vellum-new', {
      title: 'Mine',
      text: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hi' }] }],
      }),
    });
    vellumId = created.body.savedVellum.i;
  }, 60_000);

  const failures: string[] = [];
  const check = async (client: TestClient, method: string, path: string, body?: unknown) => {
    const res = await client.request(method, path, body);
    if (res.status >= 500)
      failures.push(`${method} ${path.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.status}`);
    return res;
  };

  it('malformed path parameters, as a visitor and signed in', async () => {
    const visitor = new TestClient(url());
    for (const [method, template] of ROUTES) {
      for (const segment of ODD_SEGMENTS) {
        const path = template.replaceAll(':p', segment);
        for (const client of [visitor, signedIn]) {
          await check(
            client,
            method,
            path,
            method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', text: '' },
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('malformed query strings', async () => {
    for (const template of QUERY_ROUTES) {
      for (const query of ODD_QUERIES) {
        await check(signedIn, 'GET', `${template.replace(':u', username)}?${query}`);
        await check(new TestClient(url()), 'GET', `${template.replace(':u', username)}?${query}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('bodies of the wrong shape or with control characters, on every write', async () => {
    const writes: Array<[string, string]> = [
      ...BODY_ROUTES,
      ['POST', `/api/vellum/${vellumId}`],
      ['POST', `/api/cirrus/${username}/follow`],
    ];
    for (const [method, path] of writes) {
      for (const body of ODD_BODIES) {
        const raw = typeof body === 'string' ? body : JSON.stringify(body);
        for (const client of [signedIn, new TestClient(url())]) {
          const res = await check(client, method, path, raw);
          if (res.status < 300 && path === '/api/signin') {
            failures.push(`sign-in accepted ${raw}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing above changed the vellum.
    const mine = await signedIn.get<{ vellum: { title: string } }>(`/api/vellum/${vellumId}`);
    expect(mine.body.vellum.title).toBe('Mine');
  }, 180_000);
});
