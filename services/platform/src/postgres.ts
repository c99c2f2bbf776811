// `@vellum/platform/postgres`: the Db port over `pg`, for the distributed mode (importing the platform loads no driver).
export * from './db/pg-db';
