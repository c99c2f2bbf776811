module.exports = require('../../jest.preset.js')(__dirname, {
  testEnvironment: require.resolve('./test/jsdom-environment.js'),
});
