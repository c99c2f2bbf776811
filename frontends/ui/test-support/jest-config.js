// The jest settings of a remote micro-frontend: jsdom with Node's web pieces, the contracts' sources by subpath
// (the preset's mapping), stylesheets as empty modules and
// React's act() warnings about react-bootstrap's transitions silenced.
const preset = require('../../../jest.preset.js');

module.exports = function remoteJestConfig(dir, { setupFilesAfterEnv = [], ...overrides } = {}) {
  return preset(dir, {
    testEnvironment: require.resolve('../test/jsdom-environment.js'),
    setupFilesAfterEnv: [require.resolve('./quietActWarnings.ts'), ...setupFilesAfterEnv],
    moduleNameMapper: {
      ...preset(dir).moduleNameMapper,
      '\\.css$': require.resolve('./style-stub.js'),
    },
    ...overrides,
  });
};
