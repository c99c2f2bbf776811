// One path of the side-by-side benchmark (bench/run.mjs runs it once per target, path and round): 32 VUs, each a
// keep-alive connection, asking as fast as answers come. KIND=read: GET /api/vellum/{id} of a random seeded public
// vellum, as a visitor; KIND=list: GET /api/vellums?limit=20, the first discovery page.
import http from 'k6/http';
import { check } from 'k6';
import { SharedArray } from 'k6/data';

const BASE_URL = __ENV.BASE_URL;
const KIND = __ENV.KIND;
if (KIND !== 'read' && KIND !== 'list') throw new Error('KIND is read or list');
const ids = new SharedArray('ids', () => JSON.parse(open(__ENV.IDS_FILE)));

export const options = {
  scenarios: {
    bench: { executor: 'constant-vus', vus: Number(__ENV.VUS || 32), duration: __ENV.DURATION || '10s' },
  },
  summaryTrendStats: ['med', 'p(99)'],
};

export default function () {
  const res =
    KIND === 'read'
      ? http.get(`${BASE_URL}/api/vellum/${ids[Math.floor(Math.random() * ids.length)]}`, {
          tags: { name: 'GET /api/vellum/{id}' },
        })
      : http.get(`${BASE_URL}/api/vellums?limit=20`, { tags: { name: 'GET /api/vellums?limit=20' } });
  check(res, { 'status 200': (r) => r.status === 200 });
}
