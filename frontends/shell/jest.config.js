module.exports = require('../../jest.preset.js')(__dirname, {
  testEnvironment: require.resolve('../ui/test/jsdom-environment.js'),
  moduleNameMapper: {
    ...require('../../jest.preset.js')(__dirname).moduleNameMapper,
    '\\.(css|svg)$': require.resolve('./test/style-stub.js'),
  },
});
