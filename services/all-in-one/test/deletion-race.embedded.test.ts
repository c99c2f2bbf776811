import { request as httpRequest } from 'node:http';
import { messengerPaths } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { eventually, signedIn, TestClient, type SignedIn } from '@vellum/platform/test-support';
import { startTestProduct } from './embedded.harness';

const SLOW = 60_000;
const words = JSON.stringify(doc(p(text('Words of a leaver.'))));
const WORKERS = 12;
const ROUNDS = 3;

/**
 * A request of `client`'s whose headers are sent now (the gateway resolves its session and signs the caller's
 * assertion at once) and whose JSON body is held back until `finish`: a request in flight.
 */
function heldRequest(base: string, client: TestClient, method: string, path: string, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  const target = new URL(path, base);
  const req = httpRequest({
    method,
    hostname: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    headers: {
      cookie: client.cookieHeader,
      'content-type': 'application/json',
      'content-length': data.length,
    },
  });
  const answer = new Promise<{ what: string; status: number }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ what: `held ${method} ${path}`, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
  });
  req.write(data.subarray(0, 1));
  return () => {
    req.end(data.subarray(1));
    return answer;
  };
}

/**
 * Requests in flight while an account is deleted (the security probe's race): in each round Ann's writes whose
 * assertion the gateway signed before the deletion arrive after it reached every service, while twelve workers write
 * to, about and as her (conversations, messages, follows, action requests, vellums, links, clicks). No answer is a
 * 500; once the deletion has reached every service nothing of hers is listed anywhere, every write involving her is
 * refused as for an unknown cirrus (the held ones too), and nothing of hers comes back.
 */
describe('requests in flight during an account deletion, embedded', () => {
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  const url = () => product.url;

  beforeAll(async () => {
    product = await startTestProduct();
  }, SLOW);
  afterAll(async () => {
    await product?.stop();
    product?.remove();
  });

  const mentions = (body: unknown, who: SignedIn) => {
    const json = JSON.stringify(body);
    return json.includes(who.id) || json.includes(who.username);
  };

  /** Everything bob, a visitor or an admin-less caller sees that could name Ann. */
  const listsOf = (ann: SignedIn, bob: SignedIn) => [
    messengerPaths.conversations,
    messengerPaths.unread,
    `/api/cirrus/${bob.username}/followers`,
    `/api/cirrus/${bob.username}/following`,
    `/api/cirrus/${bob.username}/actions`,
    `/api/search?query=${encodeURIComponent(ann.username)}`,
    '/api/vellums',
    '/api/vellums/following',
    `/api/cirrus/${ann.username}/vellums`,
  ];

  const nothingOfHer = async (ann: SignedIn, bob: SignedIn) => {
    for (const path of listsOf(ann, bob)) {
      const res = await bob.client.get(path);
      if (res.status !== 404 && mentions(res.body, ann)) return `${path} still serves her: ${res.status}`;
    }
    for (const path of [`/api/cirrus/${ann.username}`, `/api/link/${ann.username}`]) {
      const res = await bob.client.get(path);
      if (res.status !== 404) return `${path} answers ${res.status}`;
    }
    return undefined;
  };

  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: answers no 500, keeps nothing of her, and refuses every later write`, async () => {
      const [ann, bob] = await Promise.all([signedIn(url(), 'Ann'), signedIn(url(), 'Bob')]);
      const visitor = new TestClient(url());
      const follow = (from: SignedIn, to: SignedIn) =>
        eventually(
          async () =>
            (await from.client.post(`/api/cirrus/${to.username}/follow`)).status === 200 || undefined,
          SLOW,
        );
      await follow(bob, ann);
      await follow(ann, bob);
      const link = await eventually(async () => {
        const res = await ann.client.post<{ link: { _id: string } }>(`/api/link/${ann.username}`, {
          linkLabel: 'Home',
          linkURL: 'https://example.com/ann',
        });
        return res.status === 201 ? res.body.link._id : undefined;
      }, SLOW);
      // Bob's request of Ann is accepted once social's follow has reached the action service.
      await eventually(async () => {
        const res = await bob.client.post('/api/action/request', { forCirrusI: ann.id, text: 'Before' });
        return res.status === 201 || undefined;
      }, SLOW);

      const statuses: Array<{ what: string; status: number }> = [];
      let stop = false;
      const call = async (what: string, request: Promise<{ status: number; body: unknown }>) => {
        const res = await request;
        statuses.push({ what, status: res.status });
        return res;
      };
      const openAndSend = async (from: SignedIn, to: SignedIn, what: string) => {
        const opened = await call(
          `${what} opens`,
          from.client.post<{ conversation: { conversation: string } }>(messengerPaths.conversations, {
            username: to.username,
          }),
        );
        const conversation = (opened.body as { conversation?: { conversation?: string } }).conversation
          ?.conversation;
        if (opened.status === 201 && conversation) {
          await call(
            `${what} sends`,
            from.client.post(messengerPaths.messages(conversation), { text: 'Hi' }),
          );
        }
      };
      const work: Array<() => Promise<unknown>> = [
        () => openAndSend(bob, ann, 'bob'),
        () => openAndSend(ann, bob, 'ann'),
        () => call('bob follows', bob.client.post(`/api/cirrus/${ann.username}/follow`)),
        () =>
          call(
            'bob requests',
            bob.client.post('/api/action/request', { forCirrusI: ann.id, text: 'During' }),
          ),
        () => call('visitor clicks', visitor.get(`/api/link/go/${link}`)),
        () => call('ann reads clicks', ann.client.get(`/api/link/${ann.username}/clicks`)),
        () =>
          call(
            'ann adds a link',
            ann.client.post(`/api/link/${ann.username}`, { linkLabel: 'x', linkURL: 'https://x.example' }),
          ),
        () => call('ann creates', ann.client.post('/api/vellum-new', { title: 'During', text: words })),
        () => call('ann acts', ann.client.post('/api/action', { text: 'During', priority: 'High' })),
        () => call('ann follows', ann.client.post(`/api/cirrus/${bob.username}/follow`)),
      ];
      // A third of the workers are Bob starting a conversation with her, a third are Ann starting one with Bob (the
      // probe's lost conversations), the others take turns at every other write. They load the store a while first.
      const workers = Array.from({ length: WORKERS }, async (_, i) => {
        for (let n = 0; !stop; n++) await (i % 3 < 2 ? work[i % 3]! : work[(i + n) % work.length]!)();
      });
      await new Promise((resolve) => setTimeout(resolve, 500));

      // Ann's requests in flight: past the gateway (her assertion signed), their bodies still on the way.
      const held = [
        heldRequest(url(), ann.client, 'POST', messengerPaths.conversations, { username: bob.username }),
        heldRequest(url(), ann.client, 'POST', `/api/cirrus/${bob.username}/follow`, {}),
        heldRequest(url(), ann.client, 'GET', `/api/link/${ann.username}/clicks`, {}),
        heldRequest(url(), ann.client, 'POST', `/api/link/${ann.username}`, {
          linkLabel: 'Late',
          linkURL: 'https://example.com/late',
        }),
        heldRequest(url(), ann.client, 'POST', '/api/vellum-new', { title: 'Late', text: words }),
        heldRequest(url(), ann.client, 'POST', '/api/action', { text: 'Late', priority: 'High' }),
      ];
      await new Promise((resolve) => setTimeout(resolve, 300));
      const deleted = await ann.client.post(`/api/cirrus/${ann.username}/delete`, {
        password: ann.account.password,
      });
      expect(deleted.status).toBe(200);
      // The workers go on while the deletion reaches every service, and a little after.
      const settled = await eventually(
        () => nothingOfHer(ann, bob).then((left) => left === undefined || undefined),
        SLOW,
      )
        .then(() => undefined)
        .catch(async () => nothingOfHer(ann, bob));
      // Now they arrive, with assertions still valid for their cirrus that is no more.
      const late = await Promise.all(held.map((finish) => finish()));
      statuses.push(...late);
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop = true;
      await Promise.all(workers);

      expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
      expect(late.filter((s) => s.status !== 404)).toEqual([]);
      expect(settled).toBeUndefined();
      expect(await nothingOfHer(ann, bob)).toBeUndefined();

      // Every later write involving her is refused as for an unknown cirrus, and changes nothing.
      const opened = await bob.client.post(messengerPaths.conversations, { username: ann.username });
      expect(opened.status).toBe(404);
      expect((await bob.client.post(`/api/cirrus/${ann.username}/follow`)).status).toBe(404);
      expect((await visitor.get(`/api/link/go/${link}`)).status).toBe(404);
      // The action service answers a request to anyone who is not (or no longer) a follower the same way.
      expect(
        (await bob.client.post('/api/action/request', { forCirrusI: ann.id, text: 'After' })).status,
      ).toBe(403);
      expect(await nothingOfHer(ann, bob)).toBeUndefined();
    }, 180_000);
  }
});
