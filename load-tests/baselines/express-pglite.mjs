// Baseline of the embedded mode: a bare express server on PGlite (in this thread, no worker), answering the
// vellum service's two reads on a copy of the embedded product's database (PGLITE_DIR: a copy of DATA_DIR/pg
// taken while the product was stopped). PORT.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { expressApp } from './express-app.mjs';

const dataDir = process.env.PGLITE_DIR;
if (!dataDir) throw new Error('PGLITE_DIR is not set');
const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
const app = expressApp(async (sql, params) => (await db.query(sql, params)).rows);
const server = app.listen(Number(process.env.PORT ?? 8083), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => db.close().then(() => process.exit(0))));
