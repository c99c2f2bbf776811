module.exports = require('../ui/test-support/jest-config.js')(__dirname, {
  setupFilesAfterEnv: [require.resolve('./test/setup.ts')],
});
