// Browser tests: real product (services/all-in-one) + Debian's Chromium. Run one file at a time: each starts
// its own product on a free port with a fresh data directory. The topology test runs the product on the shared
// servers instead, so it is a project of its own in the root config's `servers` lane (jest.topology.config.js).
const topology = require('./jest.topology.config.js');

module.exports = require('../../jest.preset.js')(__dirname, {
  testEnvironment: 'node',
  testTimeout: 180_000,
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...topology.testMatch],
});
