// A writer: creates a vellum, saves a new version of it, publishes it and opens it again, as the editor does.
import { check } from 'k6';
import { me } from '../lib/config.js';
import { documentOf } from '../lib/document.mjs';
import { api, json } from '../lib/http.js';
import { useSession } from '../lib/session.js';

export const meta = {
  name: 'editing',
  signedIn: true,
  vus: { smoke: 1, load: 4 },
  // Requests per iteration, for the fixed-rate mix (lib/schedule.js).
  requestsPerIteration: 4,
  p99Ms: { smoke: 2000, load: 250 },
};

export function run(data) {
  const person = me();
  useSession(data.sessions[person.username]);
  const n = Math.floor(Math.random() * 1e6);
  const created = api(
    'POST',
    '/api/vellum-new',
    { title: `Draft ${n}`, text: JSON.stringify(documentOf(n)) },
    'POST /api/vellum-new',
  );
  const saved = json(created);
  if (
    !check(created, {
      'create: 201 with the new vellum': () => created.status === 201 && saved && saved.savedVellum,
    })
  )
    return;
  const id = saved.savedVellum.i;
  const edited = api(
    'POST',
    `/api/vellum/${id}`,
    { title: `Draft ${n}, edited`, text: JSON.stringify(documentOf(n + 1)) },
    'POST /api/vellum/{id}',
  );
  check(edited, {
    'save: 200 with the new title': () =>
      edited.status === 200 && json(edited).savedVellum.title === `Draft ${n}, edited`,
  });
  const published = api('PUT', `/api/vellum/publish/${id}`, undefined, 'PUT /api/vellum/publish/{id}');
  check(published, {
    'publish: 200 and public': () =>
      published.status === 200 && json(published).savedVellum.is_public === true,
  });
  const read = api('GET', `/api/vellum/${id}`, undefined, 'GET /api/vellum/{id} (owner)');
  check(read, {
    'read back: the owner sees the saved version': () =>
      read.status === 200 && json(read).isOwner === true && json(read).vellum.title === `Draft ${n}, edited`,
  });
}
