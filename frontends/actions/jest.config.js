const preset = require('../../jest.preset.js');

module.exports = preset(__dirname, {
  testEnvironment: require.resolve('../ui/test/jsdom-environment.js'),
  setupFilesAfterEnv: [require.resolve('./test/setup.ts')],
  moduleNameMapper: {
    ...preset(__dirname).moduleNameMapper,
    // The browser build's view of the contracts (no event protobufs), as in rsbuild.config.ts.
    '^@vellum/proto$': require.resolve('./proto-browser.ts'),
    '\\.css$': require.resolve('../shell/test/style-stub.js'),
  },
});
