// The architecture's boundaries, kept by the lint step rather than by memory (issue 13). Each block is an ESLint
// config object: `no-restricted-imports` fails the build when a file crosses a line DESIGN.md draws.
// lint/boundaries.test.js lints a deliberate crossing of each and expects the error.

/** Drivers that only their own adapter package (or a process's composition root) may load. */
const DRIVERS = [
  {
    name: 'kafkajs',
    message: 'Kafka is reached through the EventBus port: @vellum/platform-kafka.',
    home: 'kafka',
  },
  {
    name: 'pg',
    message: 'Postgres is reached through the Db port: @vellum/platform-postgres.',
    home: 'postgres',
  },
  {
    name: '@electric-sql/pglite',
    message: 'PGlite is reached through the Db port: @vellum/platform-pglite.',
    home: 'pglite',
  },
  {
    name: 'ioredis',
    message: 'Redis is reached through @vellum/platform-redis (sessions, limiters), built in a main.ts.',
    home: 'redis',
  },
  {
    name: 'mongodb',
    message:
      'MongoDB is reached through @vellum/platform-mongo (connection, outbox, inbox, and its driver types).',
    home: 'mongo',
  },
];

/** The restriction of every driver but `except`'s, as no-restricted-imports takes it. */
const driversBut = (except) =>
  DRIVERS.filter((d) => d.home !== except).map(({ name, message }) => ({ name, message }));

/** Where a driver may be imported besides its adapter package: the composition roots that build adapters, tests. */
const DRIVER_HOMES = ['services/platform-*/src/**', 'services/*/src/main.ts', '**/test/**', '**/bench/**'];

/** Each adapter package loads its own driver and no other (an image of a service carries only what it runs). */
const ADAPTER_PACKAGES = DRIVERS.map(({ home }) => ({
  files: [`services/platform-${home}/src/**/*.ts`],
  rules: { 'no-restricted-imports': ['error', { paths: driversBut(home) }] },
}));

/** One workspace reaching into another's files by relative path instead of its package name. */
const OTHER_WORKSPACE = {
  group: [
    '../../*/src/*',
    '../../*/src',
    '../../*/test/*',
    '../../../*/src/*',
    '../../../*/*/src/*',
    // From a test's support folder: another package's test/ (use @vellum/platform/test-support) or src/.
    '../../../*/test/*',
    '../../../../*/test/*',
    '../../../../*/src/*',
  ],
  message:
    'Import another workspace by its package name (@vellum/<name>), never by a relative path into its files.',
};

/** The services' barrel of the contracts, event descriptors included: no place in a browser bundle. */
const PROTO_BARREL = {
  name: '@vellum/proto',
  message: 'A frontend imports a subpath of the contracts: @vellum/proto/api, /editor, /remotes or /version.',
};

const SRC = ['services/*/src/**/*.ts', 'proto/src/**/*.ts', 'frontends/*/src/**/*.{ts,tsx}'];

export const boundaries = [
  {
    files: SRC,
    ignores: DRIVER_HOMES,
    rules: { 'no-restricted-imports': ['error', { paths: driversBut(), patterns: [OTHER_WORKSPACE] }] },
  },
  ...ADAPTER_PACKAGES,
  {
    // The services' tests and their kit reach another package by its name too: @vellum/platform/test-support for
    // what tests share, @vellum/<service> for a service's public exports. Drivers are allowed (a test may read
    // Kafka or Postgres itself).
    files: ['services/*/test/**/*.ts', 'services/platform/test-support/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_WORKSPACE] }] },
  },
  {
    // Rules and stores know nothing of HTTP: a route maps their neutral errors, never the other way round.
    files: [
      'services/*/src/domain/**/*.ts',
      'services/*/src/store/**/*.ts',
      'services/*/src/use-cases/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...driversBut(),
            {
              name: 'express',
              message: 'No HTTP in domain/, store/ or use-cases/: throw a neutral error instead.',
            },
          ],
          patterns: [OTHER_WORKSPACE],
        },
      ],
    },
  },
  {
    // The shell reaches a remote only at run time (Module Federation), never by import; remotes never import the
    // shell or each other.
    // A browser build takes the contracts by subpath, never the services' barrel with the event descriptors.
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...driversBut(), PROTO_BARREL],
          patterns: [
            OTHER_WORKSPACE,
            {
              group: [
                '@vellum/proto/events',
                '@vellum/proto/openapi',
                '@vellum/proto/src',
                '@vellum/proto/src/*',
              ],
              message: PROTO_BARREL.message,
            },
            {
              group: [
                '@vellum/shell',
                '@vellum/shell/*',
                '@vellum/editor',
                '@vellum/editor/*',
                '@vellum/actions',
                '@vellum/actions/*',
                '@vellum/messenger',
                '@vellum/messenger/*',
                '@vellum/links',
                '@vellum/links/*',
              ],
              message:
                'The shell and the remotes meet only at run time (Module Federation): share code through @vellum/ui.',
            },
          ],
        },
      ],
    },
  },
];
