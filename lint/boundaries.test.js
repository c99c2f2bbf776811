// Each boundary of lint/boundaries.mjs, crossed on purpose: the lint step must fail on it, and pass the same code
// where the boundary allows it.
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** The boundary errors ESLint reports for each `[file, code]`, linted in one child process. */
function lint(cases) {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-text.mjs')], {
    input: JSON.stringify(cases.map(([file, code]) => ({ file, code }))),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`lint-text.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const refused = [
  [
    'services/vellum/src/http/x.ts',
    "import { Kafka } from 'kafkajs';\nexport const k = Kafka;\n",
    /EventBus port/,
  ],
  ['services/social/src/store/x.ts', "import { Pool } from 'pg';\nexport const p = Pool;\n", /Db port/],
  [
    'services/action/src/http/x.ts',
    "import { PGlite } from '@electric-sql/pglite';\nexport const p = PGlite;\n",
    /Db port/,
  ],
  ['services/vellum/src/domain/x.ts', "import { Redis } from 'ioredis';\nexport const r = Redis;\n", /Redis/],
  [
    'services/link/src/store/x.ts',
    "import type { Collection } from 'mongodb';\nexport type C = Collection;\n",
    /platform-mongo/,
  ],
  // An adapter package loads its own driver only: Postgres' adapters never bring MongoDB into an image.
  [
    'services/platform-postgres/src/x.ts',
    "import { MongoClient } from 'mongodb';\nexport const m = MongoClient;\n",
    /platform-mongo/,
  ],
  [
    'services/platform-redis/src/x.ts',
    "import { Kafka } from 'kafkajs';\nexport const k = Kafka;\n",
    /EventBus port/,
  ],
  [
    'services/vellum/src/domain/x.ts',
    "import { Router } from 'express';\nexport const r = Router;\n",
    /No HTTP/,
  ],
  [
    'services/identity/src/store/x.ts',
    "import type { Request } from 'express';\nexport type R = Request;\n",
    /No HTTP/,
  ],
  [
    'services/action/src/use-cases/x.ts',
    "import express from 'express';\nexport const e = express;\n",
    /No HTTP/,
  ],
  [
    'services/social/src/http/x.ts',
    "import { x } from '../../../platform/src/index';\nexport const y = x;\n",
    /package name/,
  ],
  [
    'services/all-in-one/src/x.ts',
    "import { x } from '../../identity/src/service';\nexport const y = x;\n",
    /package name/,
  ],
  ['frontends/shell/src/x.ts', "import { x } from '@vellum/editor';\nexport const y = x;\n", /run time/],
  [
    'frontends/editor/src/x.tsx',
    "import { x } from '@vellum/shell/src/app';\nexport const y = x;\n",
    /run time/,
  ],
  ['frontends/shell/src/x.ts', "import { x } from '@vellum/proto';\nexport const y = x;\n", /subpath/],
  [
    'frontends/editor/src/x.ts',
    "import { x } from '@vellum/proto/events';\nexport const y = x;\n",
    /subpath/,
  ],
  [
    'frontends/shell/src/x.ts',
    "import { x } from '@vellum/proto/openapi';\nexport const y = x;\n",
    /subpath/,
  ],
  [
    'frontends/actions/src/x.ts',
    "import { x } from '../../editor/src/index';\nexport const y = x;\n",
    /package name/,
  ],
  [
    'services/social/test/x.test.ts',
    "import { routes } from '../../gateway/src/routes';\nexport const r = routes;\n",
    /package name/,
  ],
  [
    'services/vellum/test/support/x.ts',
    "import { TestClient } from '../../../identity/test/support/http-client';\nexport const c = TestClient;\n",
    /package name/,
  ],
];

const allowed = [
  ['services/platform-postgres/src/x.ts', "import { Pool } from 'pg';\nexport const p = Pool;\n"],
  ['services/platform-kafka/src/kafka-bus.ts', "import { Kafka } from 'kafkajs';\nexport const k = Kafka;\n"],
  ['services/identity/src/main.ts', "import { Redis } from 'ioredis';\nexport const r = Redis;\n"],
  [
    'services/platform-mongo/src/x.ts',
    "import { MongoClient } from 'mongodb';\nexport const m = MongoClient;\n",
  ],
  [
    'services/link/src/store/x.ts',
    "import type { Collection } from '@vellum/platform-mongo';\nexport type C = Collection;\n",
  ],
  ['services/vellum/src/http/x.ts', "import { Router } from 'express';\nexport const r = Router;\n"],
  ['services/vellum/src/http/x.ts', "import { bodyOf } from '@vellum/platform';\nexport const b = bodyOf;\n"],
  ['frontends/shell/src/x.ts', "import { x } from '@vellum/ui';\nexport const y = x;\n"],
  ['frontends/editor/src/x.ts', "import { x } from '@vellum/proto/editor';\nexport const y = x;\n"],
  [
    'services/vellum/test/support/x.ts',
    "import { TestClient } from '@vellum/platform/test-support';\nimport { Kafka } from 'kafkajs';\nimport { h } from './harness';\nimport { s } from '../../src/service';\nexport const c = [TestClient, Kafka, h, s];\n",
  ],
];

describe('architecture boundaries in the lint step', () => {
  let refusedErrors;
  let allowedErrors;
  beforeAll(() => {
    const all = lint([...refused, ...allowed]);
    refusedErrors = all.slice(0, refused.length);
    allowedErrors = all.slice(refused.length);
  }, 60_000);

  test.each(refused.map((c, i) => [...c, i]))('%s: %s is refused', (_file, _code, message, i) => {
    expect(refusedErrors[i]).toEqual([expect.stringMatching(message)]);
  });

  test.each(allowed.map((c, i) => [...c, i]))('%s: %s is allowed there', (_file, _code, i) => {
    expect(allowedErrors[i]).toEqual([]);
  });
});
