// Following: follows another person, reads the follow status their profile shows and their followers, then
// unfollows. Each VU is a different person, so no two VUs change the same pair.
import { check } from 'k6';
import exec from 'k6/execution';
import { myIndex, users } from '../lib/config.js';
import { api, json } from '../lib/http.js';
import { useSession } from '../lib/session.js';

export const meta = {
  name: 'follow',
  signedIn: true,
  vus: { smoke: 1, load: 4 },
  // Requests per iteration, for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 4,
  p99Ms: { smoke: 1500, load: 100 },
};

export function run(data) {
  const index = myIndex();
  const person = users[index];
  useSession(data.sessions[person.username]);
  // Someone else each iteration, never oneself.
  const other = users[(index + 1 + (exec.vu.iterationInScenario % (users.length - 1))) % users.length];
  const path = `/api/cirrus/${encodeURIComponent(other.username)}`;
  const followed = api('POST', `${path}/follow`, undefined, 'POST /api/cirrus/{username}/follow');
  check(followed, {
    'follow: 200 and following': () => followed.status === 200 && json(followed).following === true,
  });
  const status = api('GET', `${path}/follow`, undefined, 'GET /api/cirrus/{username}/follow');
  check(status, { 'status: following': () => status.status === 200 && json(status).following === true });
  const followers = api('GET', `${path}/followers`, undefined, 'GET /api/cirrus/{username}/followers');
  check(followers, {
    'followers: 200 with a list': () =>
      followers.status === 200 && Array.isArray((json(followers) || {}).followers),
  });
  const unfollowed = api('DELETE', `${path}/follow`, undefined, 'DELETE /api/cirrus/{username}/follow');
  check(unfollowed, {
    'unfollow: 200 and not following': () =>
      unfollowed.status === 200 && json(unfollowed).following === false,
  });
}
