import { messengerPaths } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import {
  adminAccount,
  checkAnswersAgainstTheContract,
  eventually,
  signedIn,
  signIn,
  TestClient,
  type SignedIn,
} from '@vellum/platform/test-support';
import { startTestProduct } from './embedded.harness';

const ADMIN_EMAIL = 'deletion.admin@example.com';

const SLOW = 60_000;
type Body = Record<string, unknown>;

/**
 * Account deletion through the gateway of the embedded product: after Ann deletes her account, no route serves
 * anything of hers (profile, vellums and lists, search and follows, action requests, link page and redirect,
 * conversations), and her old session cookie is signed out.
 */
describe('account deletion, embedded', () => {
  // Every answer is checked against the OpenAPI document, as in the API suites.
  checkAnswersAgainstTheContract();
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  const url = () => product.url;
  let admin: TestClient;
  let ann: SignedIn;
  let bob: SignedIn;
  let visitor: TestClient;
  let vellumId: string;
  let linkId: string;
  let conversation: string;

  const mentionsAnn = (body: unknown) => {
    const json = JSON.stringify(body);
    return json.includes(ann.id) || json.includes(ann.username);
  };

  afterAll(async () => {
    await product?.stop();
    product?.remove();
  });

  beforeAll(async () => {
    product = await startTestProduct({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signIn(
      url(),
      await adminAccount(url(), { email: ADMIN_EMAIL, username: 'deletion.admin' }),
    );
    [ann, bob] = await Promise.all([signedIn(url(), 'Ann'), signedIn(url(), 'Bob')]);
    visitor = new TestClient(url());
    await eventually(
      async () => (await bob.client.post(`/api/cirrus/${ann.username}/follow`)).status === 200 || undefined,
      SLOW,
    );
    await eventually(
      async () => (await ann.client.post(`/api/cirrus/${bob.username}/follow`)).status === 200 || undefined,
      SLOW,
    );
    const created = await ann.client.post<{ savedVellum: Body }>('/api/vellum-new', {
      title: 'Ann leaves',
      text: JSON.stringify(doc(p(text('Words of a leaver.')))),
    });
    vellumId = String(created.body.savedVellum.i);
    expect((await ann.client.put(`/api/vellum/publish/${vellumId}`)).status).toBe(200);
    await eventually(async () => {
      const res = await ann.client.post('/api/action/request', {
        forCirrusI: bob.id,
        text: 'Read Ann’s piece',
      });
      return res.status === 201 || undefined;
    }, SLOW);
    const link = await eventually(async () => {
      const res = await ann.client.post<{ link: Body }>(`/api/link/${ann.username}`, {
        linkLabel: 'Home',
        linkURL: 'https://example.com/ann',
      });
      return res.status === 201 ? res.body.link : undefined;
    }, SLOW);
    linkId = String(link._id);
    const opened = await eventually(async () => {
      const res = await bob.client.post<{ conversation: { conversation: string } }>(
        messengerPaths.conversations,
        {
          username: ann.username,
        },
      );
      return res.status === 201 ? res.body : undefined;
    }, SLOW);
    conversation = opened.conversation.conversation;
    expect((await ann.client.post(messengerPaths.messages(conversation), { text: 'Goodbye' })).status).toBe(
      201,
    );
    // Everything is in place and visible before the deletion, the admin's rows too.
    await eventually(async () => {
      const search = await bob.client.get(`/api/search?query=${encodeURIComponent(ann.username)}`);
      return mentionsAnn(search.body) || undefined;
    }, SLOW);
    await eventually(
      async () => mentionsAnn((await admin.get('/api/admin/cirri?list=all')).body) || undefined,
      SLOW,
    );
  }, 180_000);

  it('refuses a wrong password and deletes nothing', async () => {
    const res = await ann.client.post(`/api/cirrus/${ann.username}/delete`, { password: 'not her password' });
    expect(res.status).toBe(400);
    expect((await visitor.get(`/api/cirrus/${ann.username}`)).status).toBe(200);
  });

  it('leaves nothing of the deleted cirrus served by any route, and signs her old cookie out', async () => {
    const oldCookie = ann.client.cookieHeader;
    const res = await ann.client.post(`/api/cirrus/${ann.username}/delete`, {
      password: ann.account.password,
    });
    expect(res.status).toBe(200);

    const stale = new TestClient(url());
    stale.setCookieHeader(oldCookie);
    expect((await stale.get<{ signedCirrus: unknown }>('/api/sc')).body.signedCirrus).toBeNull();
    expect(
      (await stale.post(`/api/link/${ann.username}`, { linkLabel: 'x', linkURL: 'https://x.example' }))
        .status,
    ).toBe(401);

    expect((await visitor.get(`/api/cirrus/${ann.username}`)).status).toBe(404);
    const gone = async (path: string, who: TestClient = bob.client) => {
      const answer = await who.get(path);
      return answer.status === 404 || !mentionsAnn(answer.body);
    };
    const paths = [
      `/api/vellum/${vellumId}`,
      `/api/cirrus/${ann.username}/vellums`,
      '/api/vellums',
      '/api/vellums/following',
      '/api/get-showcase-vellums',
      '/api/get-creators',
      `/api/search?query=${encodeURIComponent(ann.username)}`,
      `/api/cirrus/${bob.username}/followers`,
      `/api/cirrus/${bob.username}/following`,
      `/api/cirrus/${ann.username}/followers`,
      `/api/cirrus/${bob.username}/actions`,
      `/api/link/${ann.username}`,
      `/api/link/go/${linkId}`,
      messengerPaths.conversations,
      messengerPaths.conversation(conversation),
      messengerPaths.messages(conversation),
      messengerPaths.unread,
    ];
    const adminPaths = ['/api/admin', '/api/admin/cirri?list=all', '/api/admin/cirri?list=confirmed'];
    const everyPath = [
      ...paths.map((path) => [path, bob.client] as const),
      ...adminPaths.map((path) => [path, admin] as const),
      [messengerPaths.conversationVellum(conversation, ann.username), bob.client] as const,
    ];
    for (const [path, who] of everyPath) {
      await eventually(async () => (await gone(path, who)) || undefined, SLOW).catch(() => {
        throw new Error(`${path} still serves the deleted cirrus`);
      });
    }
    expect(
      (await bob.client.get<{ unreadMessages: number }>(messengerPaths.unread)).body.unreadMessages,
    ).toBe(0);
    const link = await visitor.get(`/api/link/go/${linkId}`);
    expect(link.status).toBe(404);
  });
});
