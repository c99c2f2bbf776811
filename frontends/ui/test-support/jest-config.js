// The jest settings of a remote micro-frontend: jsdom with Node's web pieces, the browser build's view of the
// contracts (its proto-browser.ts, as its rsbuild config aliases @vellum/proto), stylesheets as empty modules and
// React's act() warnings about react-bootstrap's transitions silenced.
const path = require('node:path');
const preset = require('../../../jest.preset.js');

module.exports = function remoteJestConfig(dir, { setupFilesAfterEnv = [], ...overrides } = {}) {
  return preset(dir, {
    testEnvironment: require.resolve('../test/jsdom-environment.js'),
    setupFilesAfterEnv: [require.resolve('./quietActWarnings.ts'), ...setupFilesAfterEnv],
    moduleNameMapper: {
      ...preset(dir).moduleNameMapper,
      '^@vellum/proto$': path.join(dir, 'proto-browser.ts'),
      '\\.css$': require.resolve('./style-stub.js'),
    },
    ...overrides,
  });
};
