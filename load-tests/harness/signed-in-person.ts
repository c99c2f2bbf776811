import { verificationLink, type Topology } from '@vellum/e2e/topology';

export interface SignedInPerson {
  id: string;
  username: string;
  /** The session's cookies as a Cookie header. */
  cookie: string;
}

const json = { 'content-type': 'application/json' };

/** How long a call is tried again while it answers the documented 503 (a part not back in its Service yet). */
const UNAVAILABLE_FOR_MS = 60_000;

/**
 * `fetch`, tried again after the answer's `Retry-After` (at most 5 s) while it is the product's documented 503, as a
 * client that honours it would: a drill that has just healed a store may sign people up before the Service has taken
 * its pods back. A 503 accepted nothing, so the call may be sent again.
 */
async function fetchPatiently(url: string, init: RequestInit): Promise<Response> {
  const until = Date.now() + UNAVAILABLE_FOR_MS;
  for (;;) {
    const res = await fetch(url, init);
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || !retryAfter || Date.now() > until) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 5) * 1000));
  }
}

/** A public vellum of the person's, so visitors have something to discover. */
async function publishVellum(baseUrl: string, cookie: string, title: string): Promise<void> {
  const vellum = await fetchPatiently(`${baseUrl}/api/vellum-new`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({
      title,
      text: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Read during a drill.' }] }],
      }),
    }),
  });
  if (vellum.status !== 201) throw new Error(`create: ${vellum.status} ${await vellum.text()}`);
  const { savedVellum } = (await vellum.json()) as { savedVellum: { i: string } };
  const published = await fetchPatiently(`${baseUrl}/api/vellum/publish/${savedVellum.i}`, {
    method: 'PUT',
    headers: { cookie },
  });
  if (!published.ok) throw new Error(`publish: ${published.status} ${await published.text()}`);
}

/**
 * Signs a new person up through the Ingress, verifies them by the mailed link and signs them in, as a browser would:
 * their id, username and session cookie. `label` starts the username (letters and digits).
 */
export async function signedInPerson(
  topology: Topology,
  baseUrl: string,
  label: string,
  options: { publicVellum?: boolean } = {},
): Promise<SignedInPerson> {
  const tag = `${label}.${Date.now().toString(36).slice(-6)}`;
  const person = {
    username: tag,
    email: `${tag.replace('.', '_')}@example.com`,
    first_name: 'Drill',
    last_name: 'Person',
    password: 'Correct-Horse-9',
  };
  const created = await fetchPatiently(`${baseUrl}/api/cirrus/create`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(person),
  });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${await created.text()}`);
  const link = await verificationLink(baseUrl, topology.smtp, person.email);
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
  const verified = await fetchPatiently(`${baseUrl}/api/verification/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: person.email, token }),
  });
  if (!verified.ok) throw new Error(`verification: ${verified.status} ${await verified.text()}`);
  const signedIn = await fetchPatiently(`${baseUrl}/api/signin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const { signedCirrus } = (await signedIn.json()) as { signedCirrus: { i: string } };
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (options.publicVellum) await publishVellum(baseUrl, cookie, `Public ${tag}`);
  return { id: signedCirrus.i, username: person.username, cookie };
}
