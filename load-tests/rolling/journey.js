// The mixed journey k6 runs through the Ingress while every service is restarted (rolling.ts): visitors
// read (discovery, the showcase, creators, a profile, its public vellums and followers), signed-in people create
// a vellum and save it, read it back, list their actions and search for people. Every answer must be the expected one; any other,
// or a connection error, is a failed request. Environment: BASE_URL (the Ingress), PUBLIC_URL (the
// Origin the page sends with a write), USERS (JSON [{ username, cookie }] of signed-in people), DURATION, VUS,
// SUMMARY (where the figures go as JSON).
import http from 'k6/http';
import { sleep } from 'k6';
import { Counter } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL;
const PUBLIC_URL = __ENV.PUBLIC_URL;
const USERS = JSON.parse(__ENV.USERS || '[]');
const DURATION = __ENV.DURATION || '30s';
const VUS = Number(__ENV.VUS || 4);

const failures = new Counter('journey_failures');

export const options = {
  scenarios: {
    visitors: { executor: 'constant-vus', vus: VUS, duration: DURATION, exec: 'visitor' },
    writers: { executor: 'constant-vus', vus: Math.max(1, VUS / 2), duration: DURATION, exec: 'writer' },
  },
  // No retries anywhere: a failed request counts.
  noConnectionReuse: false,
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

function call(method, path, body, name, cookie, expected) {
  const headers = {};
  if (cookie) headers.Cookie = cookie;
  if (method !== 'GET') {
    headers.Origin = PUBLIC_URL;
    headers['Sec-Fetch-Site'] = 'same-origin';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = http.request(method, BASE_URL + path, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name },
    timeout: '20s',
  });
  // Stopping k6 (the one-round run stops it through its REST API) cancels the requests then in flight: they got no
  // answer because k6 gave up on them, not because the product failed, and k6 counts none of them as failed.
  if (res.status === 0 && /context canceled/.test(res.error || '')) return res;
  if (res.status !== expected) {
    failures.add(1, { name });
    console.error(`FAILED ${name}: ${res.status} ${res.error || ''} ${String(res.body || '').slice(0, 200)}`);
  }
  return res;
}

const paragraph = (words) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }],
  });

export function visitor() {
  const someone = USERS[Math.floor(Math.random() * USERS.length)];
  call('GET', '/api/vellums', undefined, 'discovery', null, 200);
  call('GET', '/api/get-showcase-vellums', undefined, 'showcase', null, 200);
  call('GET', '/api/get-creators', undefined, 'creators', null, 200);
  call('GET', `/api/cirrus/${someone.username}`, undefined, 'profile', null, 200);
  call('GET', `/api/cirrus/${someone.username}/vellums`, undefined, 'public vellums', null, 200);
  call('GET', `/api/cirrus/${someone.username}/followers`, undefined, 'followers', null, 200);
  call('GET', '/config.json', undefined, 'config', null, 200);
  sleep(0.2);
}

export function writer() {
  const me = USERS[(__VU - 1) % USERS.length];
  call('GET', '/api/sc', undefined, 'signed cirrus', me.cookie, 200);
  const created = call(
    'POST',
    '/api/vellum-new',
    { title: `Rolling ${__VU}.${__ITER}`, text: paragraph('written during a rollout') },
    'create vellum',
    me.cookie,
    201,
  );
  const id = created.status === 201 ? created.json('savedVellum.i') : null;
  if (id) {
    call(
      'POST',
      `/api/vellum/${id}`,
      { title: `Rolling ${__VU}.${__ITER} saved`, text: paragraph('saved during a rollout') },
      'save vellum',
      me.cookie,
      200,
    );
    call('GET', `/api/vellum/${id}`, undefined, 'read vellum', me.cookie, 200);
  }
  call('GET', `/api/cirrus/${me.username}/actions`, undefined, 'actions', me.cookie, 200);
  call('GET', `/api/search?query=${me.username.slice(0, 5)}`, undefined, 'search', me.cookie, 200);
  sleep(0.3);
}

export function handleSummary(data) {
  const metric = (name) => (data.metrics[name] ? data.metrics[name].values : {});
  const figures = {
    requests: metric('http_reqs').count || 0,
    // http_req_failed is a rate of failed requests: `passes` counts the failed ones.
    failed: metric('http_req_failed').passes || 0,
    unexpected: metric('journey_failures').count || 0,
    iterations: metric('iterations').count || 0,
    duration: metric('http_req_duration'),
  };
  return { [__ENV.SUMMARY]: JSON.stringify(figures, null, 2) };
}
