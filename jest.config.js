// `npm test` runs every workspace's suites; each workspace owns its jest.config.js.
module.exports = {
  testTimeout: 30000,
  projects: [
    '<rootDir>/proto',
    '<rootDir>/services/platform',
    '<rootDir>/services/identity',
    '<rootDir>/services/social',
    '<rootDir>/services/action',
    '<rootDir>/services/link',
    '<rootDir>/services/messaging',
    '<rootDir>/services/vellum',
    '<rootDir>/services/analytics',
    '<rootDir>/services/gateway',
    '<rootDir>/services/all-in-one',
    '<rootDir>/charts',
    '<rootDir>/lint',
    '<rootDir>/frontends/ui',
    '<rootDir>/frontends/shell',
    '<rootDir>/frontends/editor',
    '<rootDir>/frontends/actions',
    '<rootDir>/frontends/links',
    '<rootDir>/frontends/messenger',
    // The k6 smoke run of every load-test journey against the embedded product (load-tests/README.md).
    '<rootDir>/load-tests',
    // Every service restarted one by one under k6's mixed journey, 0 failed requests (load-tests/rolling/).
    '<rootDir>/load-tests/rolling',
    // Browser tests last-listed; they start the built product themselves (see frontends/e2e/README.md).
    '<rootDir>/frontends/e2e',
  ],
};
