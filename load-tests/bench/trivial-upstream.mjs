// The upstream of `npm run bench:gateway`: node:http answering every path with the same JSON of about 2 KB (a
// vellum's size), and /readyz with 200. As little work per request as a Node server can do.
import { createServer } from 'node:http';

const body = JSON.stringify({ id: '0be7e0c4-0000-4000-8000-000000000000', content: 'x'.repeat(2000) });
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(body),
};
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers).end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
