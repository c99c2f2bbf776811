// The rolling restart under load (rolling.ts): one suite, the whole product and k6 started by it.
module.exports = require('../../jest.preset.js')(__dirname, {
  displayName: 'load-tests-rolling',
  testTimeout: 180_000,
  testMatch: ['<rootDir>/**/*.test.ts'],
});
