import { request as httpRequest } from 'node:http';
import { newAccount, TestClient } from '@vellum/platform/test-support';
import { describeEmbedded } from './embedded.harness';

// Issue 12, defect 7: usernames made only of dots were accepted at sign-up, and their pages could never be reached
// (browsers drop the dot segments of /cirrus/../). A username may not start or end with a dot now.

const DOTS = 'Username cannot start or end with a dot.';

/**
 * GET `path` exactly as written: fetch() resolves the dot segments of /api/username/.. before sending, as a browser
 * does, so only a raw request can ask about '.' and '..' at all.
 */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEmbedded('usernames with a leading or trailing dot, embedded (issue 12, defect 7)', (url) => {
  const client = () => new TestClient(url());

  // Asked first, while no such cirrus exists: unavailable because the name is refused, not because it is taken.
  it.each(['.', '..', '...', '.ada', 'ada.'])('answers %j as unavailable', async (handle) => {
    expect(await rawGet(url(), `/api/username/${handle}`)).toEqual({
      status: 200,
      body: { available: false },
    });
  });

  it.each(['.', '..', '...', '.ada', 'ada.', '.a.', ' ..  '])(
    'refuses %j at sign-up with 400 and the message, and creates nothing',
    async (username) => {
      const account = newAccount({ username });
      const res = await client().post('/api/cirrus/create', account);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { status: 'Error', errorMessage: DOTS },
      });
      // The email was not taken: the same person signs up with a good username.
      const retry = await client().post('/api/cirrus/create', {
        ...account,
        username: newAccount().username,
      });
      expect(retry.status).toBe(201);
    },
  );

  it('still accepts dots inside a username, and reports it taken once it is', async () => {
    expect((await client().get('/api/username/a.da')).body).toEqual({ available: true });
    const res = await client().post('/api/cirrus/create', newAccount({ username: 'a.da' }));
    expect({ status: res.status, body: res.body }).toEqual({ status: 201, body: { status: 'Success' } });
    expect((await client().get('/api/username/a.da')).body).toEqual({ available: false });
    expect((await client().get('/api/username/a..b.c')).body).toEqual({ available: true });
  });
});
