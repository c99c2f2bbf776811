// Shared jest settings: TypeScript through swc, workspace packages resolved to their sources so a
// test never runs against a stale build.
const path = require('node:path');

const root = __dirname;

module.exports = function preset(dir, overrides = {}) {
  const name = path.relative(root, dir);
  const { testTimeout = 30000, setupFilesAfterEnv = [], ...rest } = overrides;
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx', '<rootDir>/**/*.test.js'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@vellum/proto$': path.join(root, 'proto/src/index.ts'),
      '^@vellum/proto/openapi$': path.join(root, 'proto/src/api/openapi/index.ts'),
      '^@vellum/proto/(api|editor|events|remotes|version|text|markdown)$': path.join(root, 'proto/src/$1'),
      '^@vellum/platform$': path.join(root, 'services/platform/src/index.ts'),
      // The services' test kit is not under src/ (see services/README.md, Tests).
      '^@vellum/platform/test-support$': path.join(root, 'services/platform/test-support/index.ts'),
      // Each service's own API suites (services/README.md, Tests).
      '^@vellum/(identity|social|action|link|messaging|vellum)/test-support$': path.join(
        root,
        'services/$1/test-support/index.ts',
      ),
      // The adapters over each driver, one package each (services/README.md, "One package per driver").
      '^@vellum/platform-(postgres|pglite|kafka|redis|mongo)$': path.join(
        root,
        'services/platform-$1/src/index.ts',
      ),
    },
    // jest reads `testTimeout` from the root config only; a project's own is set by jest.timeout.js from here.
    globals: { vellumTestTimeoutMs: testTimeout },
    setupFilesAfterEnv: [path.join(root, 'jest.timeout.js'), ...setupFilesAfterEnv],
    ...rest,
  };
};
