const path = require('node:path');
const preset = require('../../jest.preset.js')(__dirname);

// The API suites start the gateway, identity and vellum in this process: run their sources, never a stale build.
const services = path.resolve(__dirname, '..');
module.exports = {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@vellum/vellum$': path.join(services, 'vellum/src/service.ts'),
    '^@vellum/identity$': path.join(services, 'identity/src/service.ts'),
    '^@vellum/gateway$': path.join(services, 'gateway/src/gateway.ts'),
  },
};
