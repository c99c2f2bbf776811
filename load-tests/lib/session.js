// Signing in as the browser does: POST /api/signin through the gateway with the email and password, which sets
// the session cookie (vellum.sid; __Host-vellum.sid on an https site). `signInAll` runs in k6's setup() (so the argon2 hash of each sign-in does not
// count in a journey's latencies); `useSession` puts a person's cookies in this VU's jar once.
import http from 'k6/http';
import { BASE_URL } from './config.js';
import { api, json } from './http.js';

// The session cookie's name as the product sets it (platform's sessionCookieName): the __Host- prefix when Secure.
const SESSION_COOKIE = BASE_URL.startsWith('https:') ? '__Host-vellum.sid' : 'vellum.sid';

export function signInAll(people) {
  const jar = http.cookieJar();
  return people.map((person) => {
    // A fresh browser each: signing in with another person's session cookie would end that session (passport
    // regenerates the session it finds).
    jar.clear(BASE_URL);
    const res = api(
      'POST',
      '/api/signin',
      { email: person.email, password: person.password },
      'POST /api/signin',
    );
    const body = json(res);
    if (res.status !== 200 || !body || !body.signedCirrus)
      throw new Error(`sign-in of ${person.username} answered ${res.status}: ${res.body}`);
    const cookies = {};
    for (const name of Object.keys(res.cookies)) cookies[name] = res.cookies[name][0].value;
    if (!cookies[SESSION_COOKIE])
      throw new Error(`sign-in of ${person.username} set no ${SESSION_COOKIE} cookie`);
    return { username: person.username, id: body.signedCirrus.i, cookies };
  });
}

let current;

/** Makes this VU the browser of `session` (from signInAll); does nothing when it already is. */
export function useSession(session) {
  if (current === session.username) return;
  const jar = http.cookieJar();
  jar.clear(BASE_URL);
  for (const name of Object.keys(session.cookies)) jar.set(BASE_URL, name, session.cookies[name]);
  current = session.username;
}
