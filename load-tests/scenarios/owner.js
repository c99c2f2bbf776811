// An owner on their cirrus: every one of their vellums (private ones too), then a search in them for a word one of
// their seeded vellums carries in its title.
import { check } from 'k6';
import { me, pick, vellums } from '../lib/config.js';
import { api, json } from '../lib/http.js';
import { useSession } from '../lib/session.js';

export const meta = {
  name: 'owner',
  signedIn: true,
  vus: { smoke: 1, load: 4 },
  // Requests per iteration, for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 2,
  p99Ms: { smoke: 1500, load: 100 },
};

// Each person's seeded vellums, worked out once per VU.
let mine;

export function run(data) {
  const person = me();
  useSession(data.sessions[person.username]);
  if (!mine) {
    mine = [];
    for (let i = 0; i < vellums.length; i++) {
      const v = vellums[i];
      if (v.owner === person.username) mine.push(v);
    }
  }
  const path = `/api/cirrus/${encodeURIComponent(person.username)}/vellums`;
  const res = api('GET', path, undefined, 'GET /api/cirrus/{username}/vellums');
  const list = json(res);
  check(res, {
    'own list: every seeded vellum of theirs': () =>
      res.status === 200 && list && list.vellums.length >= mine.length,
  });
  if (mine.length === 0) return;
  const wanted = pick(mine);
  const found = api(
    'GET',
    `${path}?search=${wanted.word}`,
    undefined,
    'GET /api/cirrus/{username}/vellums?search=',
  );
  const result = json(found);
  check(found, {
    'own search: finds the vellum with the word': () =>
      found.status === 200 && result && result.vellums.some((v) => v.i === wanted.id),
  });
}
