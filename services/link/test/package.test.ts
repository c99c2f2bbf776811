import path from 'node:path';
import { loadsModule, repoRoot } from '@vellum/platform/test-support';

const MONGO_DRIVER = '/node_modules/mongodb/';

describe('the link package', () => {
  it('loads no MongoDB driver for the embedded mode, which runs it on Postgres', () => {
    expect(loadsModule('@vellum/link', MONGO_DRIVER)).toBe(false);
  });

  it('loads it for the distributed mode', () => {
    expect(loadsModule(path.join(repoRoot, 'services/link/dist/mongo-service.js'), MONGO_DRIVER)).toBe(true);
  });
});
