// Baseline: a bare express server with pg (a pool of 10, as the product's) answering the vellum service's two
// reads on the same Postgres tables. DATABASE_URL, PORT.
import pg from 'pg';
import { expressApp } from './express-app.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = expressApp(async (sql, params) => (await pool.query(sql, params)).rows);
const server = app.listen(Number(process.env.PORT ?? 8081), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
