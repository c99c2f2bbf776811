// `npm test` runs every workspace's suites; each workspace owns its jest.config.js. The projects are split in two
// lanes that scripts/test-lanes.mjs runs side by side, one file at a time each (see docs/testing.md, Lanes):
// `servers` holds every suite that uses the shared Postgres, Redis, Kafka and MongoDB (their schemas, topics and
// consumer groups are shared, so two of them must never run at once); `embedded` holds the suites that start their
// own product in memory or need no server at all. A project belongs to exactly one lane (the script checks it).
const lanes = {
  servers: [
    '<rootDir>/services/platform',
    '<rootDir>/services/identity',
    '<rootDir>/services/social',
    '<rootDir>/services/action',
    '<rootDir>/services/link',
    '<rootDir>/services/messaging',
    '<rootDir>/services/vellum',
    '<rootDir>/services/analytics',
    '<rootDir>/services/gateway',
    // Every service restarted one by one under k6's mixed journey, 0 failed requests (load-tests/rolling/).
    '<rootDir>/load-tests/rolling',
    // Every service pod killed (SIGKILL) and restarted under k6's writes: 0 lost, 0 applied twice (load-tests/faults/).
    '<rootDir>/load-tests/faults',
    // The chart's topology in a browser: every service a process on the real servers (frontends/e2e/README.md).
    '<rootDir>/frontends/e2e/jest.topology.config.js',
  ],
  embedded: [
    '<rootDir>/proto',
    '<rootDir>/lint',
    '<rootDir>/frontends/ui',
    '<rootDir>/frontends/shell',
    '<rootDir>/frontends/editor',
    '<rootDir>/frontends/actions',
    '<rootDir>/frontends/links',
    '<rootDir>/frontends/messenger',
    // The k6 smoke run of every load-test journey and the Schemathesis pass, against the embedded product.
    '<rootDir>/load-tests',
    // Browser tests: they start the built product themselves (see frontends/e2e/README.md).
    '<rootDir>/frontends/e2e',
    // Embedded only, and long: here since the fault drills (about 6 minutes) joined the servers lane.
    '<rootDir>/services/all-in-one',
    // helm, kubeconform and the images' dependencies: no server (here since the network drill and the storm joined
    // the fault drills' pass in the servers lane).
    '<rootDir>/charts',
  ],
};

// The projects that use the Go-built tools (helm, kubeconform, k6, Toxiproxy, promtool, Prometheus, the Collector),
// which .ci/run leaves compiling beside the install, lint and build: each lane runs its other projects first and
// these after the tools are ready, so a new machine's lanes do not wait for the compiler.
const goTools = [
  '<rootDir>/load-tests/rolling',
  '<rootDir>/load-tests/faults',
  '<rootDir>/frontends/e2e/jest.topology.config.js',
  '<rootDir>/load-tests',
  '<rootDir>/charts',
];

module.exports = {
  testTimeout: 30000,
  projects: [...lanes.servers, ...lanes.embedded],
};

// Not jest options: read by scripts/test-lanes.mjs.
Object.defineProperty(module.exports, 'lanes', { value: lanes, enumerable: false });
Object.defineProperty(module.exports, 'goTools', { value: goTools, enumerable: false });
