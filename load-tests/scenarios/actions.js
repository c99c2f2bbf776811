// An owner's to-do list (spec section 7): adds an action, reloads the list (it is there, under its priority),
// completes it, reloads the top bar's summary.
import { check } from 'k6';
import { me, pick } from '../lib/config.js';
import { api, json } from '../lib/http.js';
import { useSession } from '../lib/session.js';

export const meta = {
  name: 'actions',
  signedIn: true,
  vus: { smoke: 1, load: 4 },
  // Requests per iteration, for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 4,
  p99Ms: { smoke: 1500, load: 100 },
};

const PRIORITIES = ['High', 'Medium', 'Low'];

export function run(data) {
  const person = me();
  useSession(data.sessions[person.username]);
  const priority = pick(PRIORITIES);
  const text = `Load-test action ${Math.floor(Math.random() * 1e6)}`;
  const created = api('POST', '/api/action', { text, priority }, 'POST /api/action');
  const action = json(created);
  if (
    !check(created, {
      'create: 201 with the action': () => created.status === 201 && action && action.action,
    })
  )
    return;
  const id = action.action.i;
  const listPath = `/api/cirrus/${encodeURIComponent(person.username)}/actions`;
  const list = api('GET', listPath, undefined, 'GET /api/cirrus/{username}/actions');
  check(list, {
    'list: the new action under its priority': () =>
      list.status === 200 && json(list)[`actions${priority}`].some((a) => a.i === id && a.text === text),
  });
  const done = api('PUT', `/api/action/${id}/complete`, undefined, 'PUT /api/action/{id}/complete');
  check(done, {
    'complete: 200 and completed': () => done.status === 200 && json(done).action.state === 'completed',
  });
  const snippet = api('GET', `${listPath}-snippet`, undefined, 'GET /api/cirrus/{username}/actions-snippet');
  check(snippet, {
    'snippet: 200': () => snippet.status === 200 && typeof json(snippet).totalActions === 'number',
  });
}
