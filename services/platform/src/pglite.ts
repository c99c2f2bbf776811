// `@vellum/platform/pglite`: the Db port over PGlite in a worker thread, for the embedded mode and tests.
export * from './db/pglite-db';
