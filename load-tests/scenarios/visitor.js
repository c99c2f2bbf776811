// A visitor (not signed in) on discovery: the first page of public vellums, a few more pages by nextCursor, then
// a few of the vellums read in full, as the discovery page and the vellum page fetch them.
import { check } from 'k6';
import { pick, vellums } from '../lib/config.js';
import { api, json } from '../lib/http.js';

export const meta = {
  name: 'visitor',
  signedIn: false,
  vus: { smoke: 2, load: 16 },
  // Requests per iteration (1 + 1–3 pages + 3 reads; 6 on average), for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 6,
  p99Ms: { smoke: 1500, load: 50 },
};

export function run() {
  let res = api('GET', '/api/vellums?limit=20', undefined, 'GET /api/vellums?limit=20');
  let page = json(res);
  check(res, {
    'discovery: 200 with a page of at most 20': () =>
      res.status === 200 && page && page.vellums.length > 0 && page.vellums.length <= 20,
  });
  const pages = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < pages && page && page.nextCursor; i++) {
    res = api(
      'GET',
      `/api/vellums?limit=20&cursor=${encodeURIComponent(page.nextCursor)}`,
      undefined,
      'GET /api/vellums?limit=20&cursor=',
    );
    page = json(res);
    check(res, {
      'discovery: a next page answers 200': () => res.status === 200 && page && page.vellums.length > 0,
    });
  }
  for (let i = 0; i < 3; i++) {
    const { id } = pick(vellums);
    const read = api('GET', `/api/vellum/${id}`, undefined, 'GET /api/vellum/{id}');
    const body = json(read);
    check(read, {
      'read: a public vellum, whole, to a visitor': () =>
        read.status === 200 &&
        body &&
        body.viewAuthorized === true &&
        body.isOwner === false &&
        body.vellum.i === id &&
        body.vellum.text.length > 1000,
    });
  }
}
