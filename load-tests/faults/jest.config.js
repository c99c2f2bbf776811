// The fault drills under load (faults.ts): one suite, the whole product, k6 and the drills started by it.
module.exports = require('../../jest.preset.js')(__dirname, {
  displayName: 'load-tests-faults',
  testTimeout: 600_000,
  testMatch: ['<rootDir>/**/*.test.ts'],
});
