export * from './pglite-db';
