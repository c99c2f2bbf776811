import { createPgDb } from '@vellum/platform-postgres';
import { createPgliteDb } from '@vellum/platform-pglite';
import { describeWithServer } from '@vellum/platform/test-support';
import { describeDbContract } from './db.contract';

describe('PGlite Db', () => {
  describeDbContract({
    open: () => createPgliteDb(),
    openAnother: async (first) => first,
    singleConnection: true,
  });
});

describeWithServer('DATABASE_URL', 'Postgres Db', (url) => {
  describeDbContract({
    open: async () => createPgDb({ connectionString: url, max: 4, applicationName: 'platform-db-test' }),
    openAnother: async () =>
      createPgDb({ connectionString: url, max: 2, applicationName: 'platform-db-test-2' }),
    singleConnection: false,
  });
});
