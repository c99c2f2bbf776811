// A browser stand-in for the seeding step (the same steps as services/platform/test-support's TestClient and
// verifiedAccount, in plain JavaScript so the runner needs no compiler): keeps its cookies, sends JSON with the
// page's Origin, reads JSON.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export class Browser {
  cookies = new Map();

  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async request(method, path, body) {
    const headers = { origin: this.baseUrl, 'sec-fetch-site': 'same-origin' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      if (value.join('=') === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(cookie))
        this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }

  get = (path) => this.request('GET', path);
  post = (path, body) => this.request('POST', path, body);
  put = (path, body) => this.request('PUT', path, body);
}

/** Fails with the call, its status and its answer unless the status is `expected`. */
export function expectStatus(res, expected, what) {
  if (res.status !== expected)
    throw new Error(
      `${what}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
    );
  return res.body;
}

export const PASSWORD = 'Load-Test-Horse-9';

/**
 * Signs a new account up, follows the verification link from the dev mailbox (the product runs without SMTP_URL,
 * on loopback), signs it in and reads its id: the person's browser, cookies kept.
 */
export async function verifiedUser(baseUrl, index) {
  const tag = randomBytes(4).toString('hex');
  const account = {
    username: `load.${index}.${tag}`,
    email: `load.${index}.${tag}@example.com`,
    first_name: 'Load',
    last_name: `Tester-${String.fromCharCode(65 + (index % 26))}`,
    password: PASSWORD,
  };
  const browser = new Browser(baseUrl);
  expectStatus(await browser.post('/api/cirrus/create', account), 201, 'sign-up');
  let link;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    const { body } = await browser.get(`/dev/mailbox?to=${encodeURIComponent(account.email)}`);
    link = body.messages
      ?.flatMap((m) => m.links)
      .find((l) => new URL(l).pathname.startsWith('/verification/email/'));
    if (!link) await sleep(100);
  }
  if (!link) throw new Error(`no verification mail reached ${account.email} (is /dev/mailbox there?)`);
  const token = new URL(link).pathname.split('/').pop();
  expectStatus(
    await browser.post('/api/verification/email', { email: account.email, token }),
    200,
    'verification',
  );
  const signedIn = expectStatus(
    await browser.post('/api/signin', { email: account.email, password: account.password }),
    200,
    'sign-in',
  );
  return {
    browser,
    user: {
      id: signedIn.signedCirrus.i,
      username: account.username,
      email: account.email,
      password: account.password,
    },
  };
}
