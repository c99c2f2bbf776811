// A visitor on someone's link page (vielink): the page with its links, then one of them followed through the
// service's redirect, which counts the click and must answer 302 to exactly the stored URL. The runner raises link's
// limits per address (runner/product.mjs), since every virtual user here comes from the same address.
import { check } from 'k6';
import http from 'k6/http';
import { BASE_URL, links, pick } from '../lib/config.js';
import { api, json } from '../lib/http.js';

export const meta = {
  name: 'links',
  signedIn: false,
  vus: { smoke: 1, load: 8 },
  // Requests per iteration, for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 2,
  p99Ms: { smoke: 1500, load: 100 },
};

export function run() {
  const { id, owner, url } = pick(links);
  const res = api('GET', `/api/link/${encodeURIComponent(owner)}`, undefined, 'GET /api/link/{username}');
  const page = json(res);
  check(res, {
    'link page: 200 with its links': () =>
      res.status === 200 && page && page.username === owner && page.links.some((l) => l._id === id),
  });
  // A browser following the link says so (fetch metadata of a document navigation): only that is counted.
  const go = http.get(`${BASE_URL}/api/link/go/${id}`, {
    headers: { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'same-origin' },
    redirects: 0,
    tags: { name: 'GET /api/link/go/{id}' },
  });
  check(go, {
    'redirect: 302 to the stored URL, counted': () => go.status === 302 && go.headers.Location === url,
  });
}
