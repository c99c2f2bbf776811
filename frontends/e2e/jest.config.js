// Browser tests: real product (services/all-in-one) + Debian's Chromium. Run one file at a time: each starts
// its own product on a free port with a fresh data directory.
module.exports = require('../../jest.preset.js')(__dirname, {
  testEnvironment: 'node',
  testTimeout: 180_000,
  maxWorkers: 1,
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
});
