module.exports = require('../ui/test-support/jest-config.js')(__dirname, {
  setupFilesAfterEnv: [require.resolve('./test/setup.ts')],
  // lowlight and devlop ship ES modules only: compiled like the sources.
  transformIgnorePatterns: ['/node_modules/(?!(lowlight|devlop)/)'],
});
