// What each service's image carries (services/Dockerfile's deps stage: `npm ci -w @vellum/<service> --omit=dev`):
// the drivers it runs and no other, because each driver is a dependency of its own adapter package
// (services/README.md, "One package per driver"). The tree comes from package-lock.json (scripts/image-dependencies.js);
// one service is installed by npm itself to prove the listing matches what npm puts in the image.
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const { imageDependencyList, installedByNpm } = require('../scripts/image-dependencies.js');

const ROOT = path.resolve(__dirname, '..');
const DRIVERS = ['@electric-sql/pglite', 'ioredis', 'kafkajs', 'mongodb', 'pg'];
// The drivers each image runs: its stores and its bus (the embedded mode's PGlite is never in an image).
const EXPECTED = {
  gateway: ['ioredis'],
  identity: ['ioredis', 'kafkajs', 'pg'],
  social: ['kafkajs', 'pg'],
  action: ['kafkajs', 'pg'],
  vellum: ['kafkajs', 'pg'],
  analytics: ['kafkajs', 'pg'],
  link: ['ioredis', 'kafkajs', 'mongodb'],
  messaging: ['ioredis', 'kafkajs', 'mongodb'],
};
// Test and build tools that must never reach an image.
const TOOLS = [
  'jest',
  '@swc/core',
  'eslint',
  'prettier',
  'playwright-core',
  'socket.io-client',
  '@bufbuild/buf',
];

const nameOf = (entry) => entry.slice(0, entry.lastIndexOf('@'));

/** The services skaffold builds with services/Dockerfile. */
function servicesBuilt() {
  const skaffold = YAML.parse(fs.readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8'));
  return skaffold.build.artifacts
    .filter((a) => a.docker?.dockerfile === 'services/Dockerfile')
    .map((a) => a.docker.buildArgs.SERVICE)
    .sort();
}

describe("each service's image", () => {
  it('is built for every service the table names', () => {
    expect(servicesBuilt()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.keys(EXPECTED))(
    '%s carries the drivers it runs and no other, and no test tool',
    (service) => {
      const tree = imageDependencyList(service);
      const names = tree.map(nameOf);
      process.stdout.write(
        `${service}'s image: ${tree.length} packages; drivers ${names.filter((n) => DRIVERS.includes(n)).join(', ')}\n`,
      );
      expect(names.filter((n) => DRIVERS.includes(n))).toEqual(EXPECTED[service]);
      expect(names.filter((n) => TOOLS.includes(n))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining(['@vellum/platform', '@vellum/proto', `@vellum/${service}`]),
      );
    },
  );

  it('lists what npm ci really installs (link, installed from the lockfile)', () => {
    const listed = imageDependencyList('link');
    const installed = installedByNpm('link');
    // Everything listed is installed; npm adds the root's typescript (a peer the frontends' build tools declare),
    // which nothing in the image loads.
    expect(listed.filter((p) => !installed.includes(p))).toEqual([]);
    expect(installed.filter((p) => !listed.includes(p)).map(nameOf)).toEqual(['typescript']);
    expect(installed.map(nameOf).filter((n) => DRIVERS.includes(n))).toEqual(EXPECTED.link);
  }, 180_000);
});
