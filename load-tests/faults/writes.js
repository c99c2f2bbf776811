// The writes k6 makes while the fault drills run (faults.ts): each virtual user is one signed-in person and makes one
// write at a time, chosen at random: create a vellum, save it, add an action, follow or unfollow someone, add a link,
// set the page's background colour, rename oneself, click a link, send a message, mark a conversation read. Before each write it logs
// `TRY {json}` and after an accepted answer `ACK {json}`, both to k6's console output (a file, --console-output),
// so the checker (checker.ts) can account for every acknowledged write and knows which unacknowledged ones may
// still have landed. A failed write is not retried: it is simply not acknowledged.
// Environment: BASE_URL (the Ingress), USERS (JSON [{ id, username, cookie, conversation, other }]), DURATION,
// SUMMARY (the figures, JSON).
import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';
import { api } from '../lib/http.js';

const USERS = JSON.parse(__ENV.USERS || '[]');
const DURATION = __ENV.DURATION || '30m';

const acknowledged = new Counter('faults_acknowledged');
const refused = new Counter('faults_refused');
/** Answers that are neither an acceptance nor the documented 503 / 429 (a 500, a 502, a wrong 4xx). */
const unexpected = new Counter('faults_unexpected');

export const options = {
  scenarios: {
    writers: { executor: 'constant-vus', vus: USERS.length, duration: DURATION, exec: 'writer' },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

const COLOURS = ['#112233', '#445566', '#778899', '#aabbcc', '#ddeeff', '#102030'];

/** A request as `me` (their session cookie), as the page makes it; no redirect is followed (a click's is its answer). */
function request(me, method, path, body, name, extraHeaders) {
  return api(method, path, body, name, {
    headers: { Cookie: me.cookie, ...extraHeaders },
    params: { timeout: '35s', redirects: 0 },
  });
}

/** One line of the ledger, stamped with k6's clock (the drills' windows are on the same machine's). */
function record(kind, fields) {
  console.log(`${kind} ${JSON.stringify({ ...fields, at: Date.now() })}`);
}

/** Makes one write: logs its attempt, then its acknowledgement when the answer is `accepted`. */
function write(me, op, fields, send, accepted) {
  const attempt = { op, who: me.id, vu: exec.vu.idInTest, seq: exec.vu.iterationInScenario, ...fields };
  record('TRY', attempt);
  const res = send();
  // Stopping k6 cancels the requests in flight: no answer, so nothing acknowledged, and not the product's fault.
  if (res.status === 0 && /context canceled/.test(res.error || '')) return undefined;
  if (res.status >= 200 && res.status < 400 && accepted(res)) {
    acknowledged.add(1, { op });
    record('ACK', { ...attempt, ...fieldsOf(op, res) });
    return res;
  }
  if (res.status === 503 || res.status === 429) refused.add(1, { op });
  else {
    unexpected.add(1, { op });
    record('UNEXPECTED', {
      op,
      status: res.status,
      error: res.error || '',
      body: String(res.body || '').slice(0, 200),
    });
  }
  return undefined;
}

/** What an acknowledgement adds to its attempt: the id the service gave. */
function fieldsOf(op, res) {
  if (op === 'vellum') return { id: res.json('savedVellum.i') };
  if (op === 'message') return { id: res.json('message.id') };
  if (op === 'link') return { id: res.json('link._id') };
  return {};
}

const paragraph = (words) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

/** Per VU: the vellums and links it made (so saves and clicks have something to act on). */
const mine = { vellums: [], links: [] };

const ops = [
  function createVellum(me, tag) {
    write(
      me,
      'vellum',
      { title: `Drill ${tag}` },
      () => request(me, 'POST', '/api/vellum-new', { title: `Drill ${tag}`, text: paragraph(tag) }, 'create'),
      (res) => {
        if (res.status !== 201) return false;
        mine.vellums.push(res.json('savedVellum.i'));
        return true;
      },
    );
  },
  function saveVellum(me, tag) {
    const id = mine.vellums[Math.floor(Math.random() * mine.vellums.length)];
    if (!id) return;
    const title = `Saved ${tag}`;
    write(
      me,
      'save',
      { id, title },
      () => request(me, 'POST', `/api/vellum/${id}`, { title, text: paragraph(tag) }, 'save'),
      (res) => res.status === 200,
    );
  },
  function addAction(me, tag) {
    const text = `Drill action ${tag}`;
    write(
      me,
      'action',
      { text },
      () => request(me, 'POST', '/api/action', { text, priority: 'Medium' }, 'action'),
      (res) => res.status < 300,
    );
  },
  function followOrUnfollow(me) {
    const other = USERS[Math.floor(Math.random() * USERS.length)];
    if (other.id === me.id) return;
    const follow = Math.random() < 0.6;
    write(
      me,
      follow ? 'follow' : 'unfollow',
      { other: other.id },
      () =>
        request(
          me,
          follow ? 'POST' : 'DELETE',
          `/api/cirrus/${encodeURIComponent(other.username)}/follow`,
          undefined,
          follow ? 'follow' : 'unfollow',
        ),
      (res) => res.status < 300,
    );
  },
  function addLink(me, tag) {
    if (mine.links.length >= 20) return;
    const label = `Drill ${tag}`;
    write(
      me,
      'link',
      { label },
      () =>
        request(
          me,
          'POST',
          `/api/link/${encodeURIComponent(me.username)}`,
          { linkLabel: label, linkURL: `https://example.com/${tag}` },
          'link',
        ),
      (res) => {
        if (res.status !== 201) return false;
        mine.links.push(res.json('link._id'));
        return true;
      },
    );
  },
  function setColour(me) {
    const colour = COLOURS[Math.floor(Math.random() * COLOURS.length)];
    write(
      me,
      'colour',
      { colour },
      () => request(me, 'POST', '/api/link/set-background-color', { backgroundColor: colour }, 'colour'),
      (res) => res.status === 200,
    );
  },
  function editProfile(me, tag) {
    // Identity's one write here: its event (CirrusProfileChanged) renames the person in every service's read model.
    const displayName = `Drill ${tag}`;
    write(
      me,
      'profile',
      { displayName },
      () =>
        request(
          me,
          'PUT',
          `/api/cirrus/${me.username}/profile`,
          {
            displayName,
            firstName: 'Drill',
            lastName: 'Person',
            location: '',
            summary: '',
            image: '',
            imageBackground: '',
          },
          'profile',
        ),
      (res) => res.status === 200,
    );
  },
  function clickLink(me) {
    const id = mine.links[Math.floor(Math.random() * mine.links.length)];
    if (!id) return;
    write(
      me,
      'click',
      { link: id },
      () =>
        request(me, 'GET', `/api/link/go/${id}`, undefined, 'click', {
          'Sec-Fetch-Mode': 'navigate',
          'Sec-Fetch-Dest': 'document',
        }),
      (res) => res.status === 302,
    );
  },
  function sendMessage(me, tag) {
    write(
      me,
      'message',
      { conversation: me.conversation, text: `m ${tag}` },
      () =>
        request(
          me,
          'POST',
          `/api/messenger/conversations/${me.conversation}/messages`,
          { text: `m ${tag}` },
          'send',
        ),
      (res) => res.status === 201,
    );
  },
  function markRead(me) {
    const page = request(
      me,
      'GET',
      `/api/messenger/conversations/${me.conversation}/messages?limit=1`,
      undefined,
      'newest',
    );
    if (page.status !== 200) return;
    const newest = (page.json('messages') || [])[0];
    if (!newest) return;
    write(
      me,
      'read',
      { conversation: me.conversation, upTo: newest.id },
      () =>
        request(
          me,
          'POST',
          `/api/messenger/conversations/${me.conversation}/read`,
          { upTo: newest.id },
          'read',
        ),
      (res) => res.status === 200,
    );
  },
];

export function writer() {
  const me = USERS[(exec.vu.idInTest - 1) % USERS.length];
  const tag = `${exec.vu.idInTest}.${exec.vu.iterationInScenario}`;
  ops[Math.floor(Math.random() * ops.length)](me, tag);
  // About one write a second per person: under the messenger's 60 messages a minute per sender.
  sleep(0.5 + Math.random());
}

export function handleSummary(data) {
  const metric = (name) => (data.metrics[name] ? data.metrics[name].values : {});
  const figures = {
    requests: metric('http_reqs').count || 0,
    acknowledged: metric('faults_acknowledged').count || 0,
    refused: metric('faults_refused').count || 0,
    unexpected: metric('faults_unexpected').count || 0,
    duration: metric('http_req_duration'),
  };
  return { [__ENV.SUMMARY]: JSON.stringify(figures, null, 2) };
}
