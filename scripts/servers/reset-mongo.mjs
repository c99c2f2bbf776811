// Empties the test MongoDB server (FerretDB under ~/.cache/vellum/run) before a CI run: every database but the
// server's own. The server outlives runs on a machine, and FerretDB 1.x scans a collection for any filter other than
// `_id`, so what earlier runs (and load tests) left behind would slow the link and messaging relays run after run.
// MONGO_URL must name a loopback server: this never empties anything else.
import { MongoClient } from 'mongodb';

const url = process.env.MONGO_URL;
if (!url) throw new Error('MONGO_URL is not set: source ~/.cache/vellum/run/env.sh');
const { hostname } = new URL(url);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname))
  throw new Error(`refusing to empty ${hostname}: only a loopback test server is reset`);

const client = await MongoClient.connect(url);
try {
  const { databases } = await client.db('admin').admin().listDatabases();
  const dropped = [];
  for (const { name } of databases) {
    if (['admin', 'config', 'local'].includes(name)) continue;
    await client.db(name).dropDatabase();
    dropped.push(name);
  }
  console.log(`reset-mongo: dropped ${dropped.length ? dropped.join(', ') : 'nothing'}`);
} finally {
  await client.close();
}
