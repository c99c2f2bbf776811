// The chart's topology in Chromium (tests/topology.test.ts): every Deployment a process on the shared servers.
module.exports = require('../../jest.preset.js')(__dirname, {
  displayName: 'frontends/e2e-topology',
  testEnvironment: 'node',
  testTimeout: 180_000,
  testMatch: ['<rootDir>/tests/topology.test.ts'],
});
