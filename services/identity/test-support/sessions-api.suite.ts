import {
  TestClient,
  verifiedAccount,
  type Account,
  checkAnswersAgainstTheContract,
} from '@vellum/platform/test-support';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionView {
  key: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/**
 * One's own sessions and password through the gateway, as the profile edit page calls them: the list, ending one,
 * changing the password (every other session ends, this one stays). Runs embedded and distributed.
 */
export function sessionsApiSuite(baseUrl: () => string) {
  checkAnswersAgainstTheContract();

  /** A browser of `account` (its own User-Agent), signed in. */
  const browserOf = async (account: Account, userAgent = CHROME_LINUX) => {
    const client = new TestClient(baseUrl(), { 'user-agent': userAgent });
    const res = await client.post('/api/signin', { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    return client;
  };
  const sessionsOf = async (client: TestClient) =>
    (await client.get<{ sessions: SessionView[] }>('/api/sessions')).body.sessions;
  const signedIn = async (client: TestClient) =>
    (await client.get<{ signedCirrus: unknown }>('/api/sc')).body.signedCirrus !== null;

  it("lists the caller's sessions (device, times, this one first) and refuses a visitor", async () => {
    const ada = await verifiedAccount(baseUrl());
    const laptop = await browserOf(ada, CHROME_LINUX);
    await browserOf(ada, FIREFOX_WINDOWS);
    expect((await new TestClient(baseUrl()).get('/api/sessions')).status).toBe(401);
    const sessions = await sessionsOf(laptop);
    expect(sessions).toEqual([
      expect.objectContaining({ device: 'Chrome on Linux', current: true }),
      expect.objectContaining({ device: 'Firefox on Windows', current: false }),
    ]);
    expect(laptop.cookieHeader).not.toContain(sessions[0]!.key);
    expect(Date.parse(sessions[0]!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(sessions[0]!.createdAt));
  });

  it("ends one of one's own sessions, and never another person's", async () => {
    const ada = await verifiedAccount(baseUrl());
    const bob = await verifiedAccount(baseUrl());
    const laptop = await browserOf(ada);
    const phone = await browserOf(ada, FIREFOX_WINDOWS);
    const bobs = await browserOf(bob);
    const bobKey = (await sessionsOf(bobs))[0]!.key;

    expect((await laptop.delete(`/api/sessions/${bobKey}`)).status).toBe(404);
    expect(await signedIn(bobs)).toBe(true);
    const phoneKey = (await sessionsOf(laptop)).find((s) => !s.current)!.key;
    expect((await new TestClient(baseUrl()).delete(`/api/sessions/${phoneKey}`)).status).toBe(401);
    expect((await laptop.delete(`/api/sessions/${phoneKey}`)).status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('changes the password with the current one: every other session ends, this one stays', async () => {
    const ada = await verifiedAccount(baseUrl());
    const laptop = await browserOf(ada);
    const phone = await browserOf(ada, FIREFOX_WINDOWS);
    const password = 'Another-Horse-Battery-8';

    const wrong = await laptop.post('/api/password', { currentPassword: `${ada.password}x`, password });
    expect(wrong.status).toBe(400);
    expect(await signedIn(phone)).toBe(true);
    const visitor = await new TestClient(baseUrl()).post('/api/password', {
      currentPassword: ada.password,
      password,
    });
    expect(visitor.status).toBe(401);

    const changed = await laptop.post('/api/password', { currentPassword: ada.password, password });
    expect([changed.status, changed.body]).toEqual([200, { endedSessions: 1 }]);
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((await new TestClient(baseUrl()).post('/api/signin', ada)).status).toBe(401);
    await browserOf({ ...ada, password });
  });
}
