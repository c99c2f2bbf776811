// Baseline: node:http and pg, nothing else (a pool of 10, as the product's), answering the vellum service's two
// reads on the same Postgres tables. DATABASE_URL, PORT.
import { createServer } from 'node:http';
import pg from 'pg';
import {
  BAD_REQUEST,
  BY_ID,
  decodeCursor,
  discoverQuery,
  isVellumId,
  pageAnswer,
  pageSize,
  readAnswer,
} from './queries.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://localhost');
    const read = /^\/api\/vellum\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && read) {
      const id = decodeURIComponent(read[1]);
      const rows = isVellumId(id) ? (await pool.query(BY_ID, [id])).rows : [];
      return send(res, 200, readAnswer(rows[0]));
    }
    if (req.method === 'GET' && url.pathname === '/api/vellums') {
      const limit = pageSize(url.searchParams.get('limit'));
      const after = decodeCursor(url.searchParams.get('cursor'));
      if (limit === undefined || after === null) return send(res, 400, BAD_REQUEST);
      const { sql, params } = discoverQuery(after, limit + 1);
      return send(res, 200, pageAnswer((await pool.query(sql, params)).rows, limit));
    }
    if (url.pathname === '/readyz') return send(res, 200, { status: 'ready' });
    send(res, 404, { error: 'Not found' });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
});
server.listen(Number(process.env.PORT ?? 8082), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
