// `node scripts/parked.mjs list <schema> [group]`: the parked events of a service's schema (events its handler
// failed `maxAttempts` times, see services/platform/README.md), oldest first, from the Postgres at DATABASE_URL.
// Needs the built platform (`npm run build`). Replay them from the service's code with `replayParked`, which needs
// the service's subscriptions.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { listParked } = require('@vellum/platform');
const { createPgDb } = require('@vellum/platform/postgres');

const [command, schema, group] = process.argv.slice(2);
if (command !== 'list' || !schema) {
  console.error('usage: node scripts/parked.mjs list <schema> [group]   (reads DATABASE_URL)');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}

const db = createPgDb({
  connectionString: process.env.DATABASE_URL,
  max: 1,
  applicationName: 'parked-events',
});
try {
  const parked = await listParked(db, schema, group ? { group } : {});
  for (const event of parked) {
    console.log(
      JSON.stringify({
        id: event.id,
        group: event.group,
        topic: event.topic,
        key: event.key,
        type: event.type,
        bytes: event.value.length,
        attempts: event.attempts,
        parkedAt: event.parkedAt.toISOString(),
        error: event.error,
      }),
    );
  }
  console.error(`${parked.length} parked event(s) in ${schema}.parked_events`);
} finally {
  await db.close();
}
