import type { ActionsResponse, VellumListItem, VellumView } from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import {
  type Account,
  type JsonResponse,
  newAccount,
  TestClient,
  verifiedAccount,
} from '@vellum/platform/test-support';
import { describeEmbedded } from './embedded.harness';

// Issue 12, defect 4: U+0000 anywhere text enters gave a 500 (Postgres refuses NUL in text and jsonb). Every place
// an attacker's probe found answers 4xx with a message now, and changes nothing. U+0007 (BEL) stands for the other
// control characters, which the field rules refuse in their own words.

const NUL = '\u0000';
const BEL = '\u0007';
const ADDRESS_REFUSED = { error: 'The address contains characters that are not allowed.', code: 'invalid' };
const BODY_REFUSED = { error: 'The request contains characters that are not allowed.', code: 'invalid' };

/** The one message any of the answer shapes carries (`error`, sign-up's `errorMessage`, sign-in's `messages`). */
function messageOf(res: JsonResponse): string | undefined {
  const body = res.body as { error?: unknown; errorMessage?: unknown; messages?: unknown };
  const message = Array.isArray(body.messages) ? body.messages[0] : (body.errorMessage ?? body.error);
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** A 400 that says why, whatever the answer shape. */
function expectRefused(what: string, res: JsonResponse, message?: string) {
  expect({ what, status: res.status, message: messageOf(res) }).toEqual({
    what,
    status: 400,
    message: message ?? expect.any(String),
  });
}

describeEmbedded('control characters through the gateway, embedded (issue 12, defect 4)', (url) => {
  let ada: { account: Account; client: TestClient };
  let vellumId: string;
  const visitor = () => new TestClient(url());
  const vellumBody = (words: string) => JSON.stringify(doc(p(text(words))));
  const listOf = async () =>
    (await ada.client.get<{ vellums: VellumListItem[] }>(`/api/cirrus/${ada.account.username}/vellums`)).body;
  const vellumOf = async () =>
    (await ada.client.get<{ vellum: VellumView }>(`/api/vellum/${vellumId}`)).body.vellum;

  beforeAll(async () => {
    const account = await verifiedAccount(url());
    const client = new TestClient(url());
    const signedIn = await client.post('/api/signin', { email: account.email, password: account.password });
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
    ada = { account, client };
    const created = await client.post<{ savedVellum: VellumView }>('/api/vellum-new', {
      title: 'Kept as it is',
      text: vellumBody('the body'),
    });
    if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    vellumId = created.body.savedVellum.i;
  }, 60_000);

  describe('sign-in', () => {
    it('refuses NUL in the email with 400 and signs nobody in', async () => {
      const c = visitor();
      const res = await c.post('/api/signin', { email: `${ada.account.email}${NUL}`, password: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(BODY_REFUSED);
      expect((await c.get('/api/sc')).body).toEqual({ signedCirrus: null });
    });

    it('refuses BEL in the email with the field message', async () => {
      const res = await visitor().post('/api/signin', {
        email: `ada${BEL}@example.com`,
        password: ada.account.password,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ messages: ['Email cannot contain control characters.'] });
    });

    it('refuses NUL in the password, and a right password still signs in after all this', async () => {
      const res = await visitor().post('/api/signin', {
        email: ada.account.email,
        password: `${ada.account.password}${NUL}`,
      });
      expectRefused('password NUL', res);
      const ok = await visitor().post('/api/signin', {
        email: ada.account.email,
        password: ada.account.password,
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('sign-up', () => {
    it('refuses NUL and BEL in every field with 400 and a message, and creates nothing', async () => {
      const clean = newAccount();
      const fields = ['username', 'email', 'first_name', 'last_name', 'password'] as const;
      const where = (value: string, c: string) => `${value.slice(0, 2)}${c}${value.slice(2)}`;
      for (const field of fields) {
        const nul = await visitor().post('/api/cirrus/create', {
          ...clean,
          [field]: where(clean[field], NUL),
        });
        expect({ field, status: nul.status, body: nul.body }).toEqual({
          field,
          status: 400,
          body: BODY_REFUSED,
        });
        const label = {
          username: 'Username',
          email: 'Email',
          first_name: 'First name',
          last_name: 'Last name',
          password: 'Password',
        }[field];
        const bel = await visitor().post('/api/cirrus/create', {
          ...clean,
          [field]: where(clean[field], BEL),
        });
        expect({ field, status: bel.status, body: bel.body }).toEqual({
          field,
          status: 400,
          body: { status: 'Error', errorMessage: `${label} cannot contain control characters.` },
        });
      }
      // Neither the username nor the email was taken by any of them.
      expect((await visitor().get(`/api/username/${clean.username}`)).body).toEqual({ available: true });
      expect((await visitor().post('/api/cirrus/create', clean)).status).toBe(201);
    });
  });

  describe('addresses: paths and query strings', () => {
    const tails = ['', '/vellums', '/followers', '/following', '/actions', '/actions-snippet', '/follow'];

    it.each([
      ['NUL', '%00'],
      ['BEL', '%07'],
      ['DEL', '%7F'],
      ['a line feed', '%0A'],
    ])('refuses %s in a cirrus name under /api/cirrus/{name}, on every tail and method', async (_, code) => {
      for (const tail of tails) {
        for (const method of tail === '/follow' ? ['GET', 'POST', 'DELETE'] : ['GET']) {
          const path = `/api/cirrus/a${code}b${tail}`;
          for (const client of [visitor(), ada.client]) {
            const res = await client.request(method, path);
            expect({ method, path, status: res.status, body: res.body }).toEqual({
              method,
              path,
              status: 400,
              body: ADDRESS_REFUSED,
            });
          }
        }
      }
      const res = await visitor().get(`/api/username/a${code}b`);
      expect(res.status).toBe(400);
    });

    it('refuses a broken percent-encoding in a path with 400, never 500', async () => {
      for (const path of ['/api/cirrus/a%ZZb', '/api/cirrus/a%ZZb/vellums', '/api/vellum/%E0%A4%A']) {
        const res = await ada.client.get(path);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 400,
          body: ADDRESS_REFUSED,
        });
      }
    });

    it('refuses NUL and BEL in the people search query', async () => {
      for (const query of ['a%00b', 'ab%00', '%07ada', 'ada%7F']) {
        const res = await ada.client.get(`/api/search?query=${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: ADDRESS_REFUSED,
        });
      }
      expect((await ada.client.get('/api/search?query=ada')).status).toBe(200);
    });

    it('refuses NUL and BEL in the vellum list search, and the list is unchanged', async () => {
      const before = await listOf();
      for (const search of ['bo%00dy', 'body%07', '%00%00']) {
        const res = await ada.client.get(`/api/cirrus/${ada.account.username}/vellums?search=${search}`);
        expect({ search, status: res.status, body: res.body }).toEqual({
          search,
          status: 400,
          body: ADDRESS_REFUSED,
        });
      }
      expect(await listOf()).toEqual(before);
      const found = await ada.client.get<{ vellums: VellumListItem[] }>(
        `/api/cirrus/${ada.account.username}/vellums?search=body`,
      );
      expect(found.body.vellums.map((v) => v.i)).toEqual([vellumId]);
    });
  });

  describe('vellums', () => {
    const refusedTexts: Array<[string, unknown, string | undefined]> = [
      // As JSON text (how the editor sends it): the document validator finds the control character.
      [
        'NUL in a text node (JSON text)',
        vellumBody(`a${NUL}b`),
        'The text of a Vellum cannot contain control characters.',
      ],
      [
        'BEL in a text node (JSON text)',
        vellumBody(`a${BEL}b`),
        'The text of a Vellum cannot contain control characters.',
      ],
      // As an object: NUL is caught before any route, BEL by the document validator.
      ['NUL in a text node (object)', doc(p(text(`a${NUL}b`))), BODY_REFUSED.error],
      [
        'BEL in a text node (object)',
        doc(p(text(`a${BEL}b`))),
        'The text of a Vellum cannot contain control characters.',
      ],
    ];

    it('refuses control characters in a new title or text node, and creates nothing', async () => {
      const before = await listOf();
      const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
        ['NUL in the title', { title: `Ti${NUL}tle`, text: vellumBody('words') }, BODY_REFUSED.error],
        [
          'BEL in the title',
          { title: `Ti${BEL}tle`, text: vellumBody('words') },
          'Title cannot contain control characters.',
        ],
        ...refusedTexts.map(
          ([what, text, message]): [string, Record<string, unknown>, string | undefined] => [
            what,
            { title: 'A title', text },
            message,
          ],
        ),
      ];
      for (const [what, body, message] of cases) {
        const res = await ada.client.post('/api/vellum-new', body);
        expectRefused(what, res, message);
        expect(res.body).toEqual({ error: message, code: 'invalid' });
      }
      expect(await listOf()).toEqual(before);
    });

    it('refuses control characters in a saved title or text node, and the vellum is unchanged', async () => {
      const before = await vellumOf();
      const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
        ['NUL in the title', { title: `Ti${NUL}tle` }, BODY_REFUSED.error],
        [
          'BEL in the title',
          { title: `Ti${BEL}tle`, text: vellumBody('new') },
          'Title cannot contain control characters.',
        ],
        ...refusedTexts.map(
          ([what, text, message]): [string, Record<string, unknown>, string | undefined] => [
            what,
            { title: 'A new title', text },
            message,
          ],
        ),
      ];
      for (const [what, body, message] of cases) {
        const res = await ada.client.post(`/api/vellum/${vellumId}`, body);
        expectRefused(what, res, message);
      }
      expect(await vellumOf()).toEqual(before);
      expect(before.title).toBe('Kept as it is');
      expect(before.is_new).toBe(true);
    });
  });

  describe('actions', () => {
    it('refuses NUL and BEL in the action text, and the list is unchanged', async () => {
      const listPath = `/api/cirrus/${ada.account.username}/actions`;
      const before = (await ada.client.get<ActionsResponse>(listPath)).body;
      const cases: Array<[string, string]> = [
        [`Water${NUL}plants`, BODY_REFUSED.error],
        [`Water${BEL}plants`, 'Action cannot contain control characters.'],
        [`Water\r\nplants`, 'Action cannot contain control characters.'],
      ];
      for (const [text, message] of cases) {
        const res = await ada.client.post('/api/action', { text });
        expectRefused(JSON.stringify(text), res, message);
      }
      expect((await ada.client.get<ActionsResponse>(listPath)).body).toEqual(before);
    });
  });

  describe('any JSON body', () => {
    it('refuses NUL in any key or value, however deep, before any route', async () => {
      const before = await listOf();
      const bodies = [
        { [`ti${NUL}tle`]: 'x' },
        { title: 'x', nested: { deeper: [1, 'a', [`b${NUL}`]] } },
        [`${NUL}`],
      ];
      for (const body of bodies) {
        const res = await ada.client.post('/api/vellum-new', body);
        expect({ body, status: res.status, answer: res.body }).toEqual({
          body,
          status: 400,
          answer: BODY_REFUSED,
        });
      }
      expect(await listOf()).toEqual(before);
      // The same call without the NUL goes through.
      expect((await ada.client.post('/api/vellum-new', { title: '', text: '' })).status).toBe(201);
    });
  });
});
