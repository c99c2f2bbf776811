import { checkAnswersAgainstTheContract } from '@vellum/platform/test-support';
import { startTestProduct } from '../embedded.harness';
import { cellsOf, pathOf, type Cell } from './cells';
import { controls, fieldRows } from './fields';
import { socketRows, sockets } from './sockets';
import { differences, ownersWorld, settledWorld } from './owners-world';
import { ADMIN_EMAIL, buildWorld, type World } from './world';

const SLOW = 120_000;
const POOL = 8;

/** What a cell found: a status other than its row's, or something read or changed that is not the caller's. */
interface Outcome {
  cell: string;
  status: number;
  deviation?: string;
  finding?: string;
}

async function call(cell: Cell, w: World) {
  const client = w.clients[cell.actor];
  const body = cell.row.body?.(w, cell.actor, cell.variant);
  return client.request(cell.op.method.toUpperCase(), pathOf(cell, w), body, cell.row.headers);
}

/** The secrets in an answer that its caller may not read. */
function leaked(cell: Cell, w: World, body: unknown): string[] {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return w.secrets
    .filter((s) => !s.readers.includes(cell.actor) && text.includes(s.value))
    .map((s) => s.what);
}

async function checkRead(cell: Cell, w: World): Promise<Outcome> {
  const res = await call(cell, w);
  const out: Outcome = { cell: cell.name, status: res.status };
  if (res.status !== cell.expected) out.deviation = `expected ${cell.expected}, got ${res.status}`;
  const secrets = leaked(cell, w, res.body);
  if (secrets.length) out.finding = `read ${secrets.join(', ')}`;
  return out;
}

/** Runs `cells` on `POOL` concurrent workers. */
async function pooled(cells: Cell[], w: World): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: POOL }, async () => {
      while (next < cells.length) outcomes.push(await checkRead(cells[next++]!, w));
    }),
  );
  return outcomes;
}

/**
 * A write's group within its level: first what people who are not the owner may not do, or may do without changing
 * anything of the owner's (the owner's world read before and after each batch of them must not differ), then what
 * they may do to their own things (`callersOwn`), then the owner's own calls.
 */
const groupOf = (cell: Cell) =>
  cell.actor === 'owner' ? 2 : cell.expected >= 400 || !cell.row.callersOwn ? 0 : 1;

/**
 * Every cell, run: the reads concurrently; then the writes level by level, each level's refusals in concurrent
 * batches with the owner's world read (settled) before and read again after each batch, then the accepted calls
 * one at a time (each restored when its row says how).
 */
async function runAll(w: World, cells: Cell[]): Promise<Outcome[]> {
  const outcomes = await pooled(
    cells.filter((c) => !c.writes),
    w,
  );
  const writes = cells.filter((c) => c.writes);
  for (const level of [0, 1, 2, 3]) {
    const mine = writes.filter((c) => c.level === level);
    const refusals = mine.filter((c) => groupOf(c) === 0);
    let before = await settledWorld(w);
    for (let i = 0; i < refusals.length; i += POOL) {
      const batch = refusals.slice(i, i + POOL);
      const outs = await pooled(batch, w);
      const after = await ownersWorld(w);
      const changed = differences(before, after);
      if (changed.length) {
        // A refused write changed something: name the batch's cells that were not refused first, else the batch.
        const suspects = outs.filter((o) => o.status < 400);
        const blamed = suspects.length ? suspects : outs;
        blamed[0]!.finding = [
          blamed[0]!.finding,
          `changed the owner's ${changed.join(', ')} (with ${blamed.map((o) => o.cell).join(' | ')})`,
        ]
          .filter(Boolean)
          .join('; ');
        before = await settledWorld(w);
      } else before = after;
      outcomes.push(...outs);
    }
    for (const cell of [...mine.filter((c) => groupOf(c) === 1), ...mine.filter((c) => groupOf(c) === 2)]) {
      const out = await checkRead(cell, w);
      if (out.status < 400 && cell.row.restore) await cell.row.restore(w, cell.variant);
      outcomes.push(out);
    }
  }
  return outcomes;
}

/**
 * The authorisation matrix (issue 23; OWASP ASVS 5.0 V8): every operation of the OpenAPI document × every actor ×
 * every id its row names, on the embedded product. Each cell's status is its row's (expectations/), no answer holds
 * what its caller may not read, and no refused write changes the owner's world.
 */
describe('the authorisation matrix, embedded', () => {
  checkAnswersAgainstTheContract();
  let product: Awaited<ReturnType<typeof startTestProduct>>;
  let w: World;
  const figures = { cells: 0, findings: 0 };

  beforeAll(async () => {
    product = await startTestProduct({ ADMIN_EMAILS: ADMIN_EMAIL });
    const t0 = Date.now();
    w = await buildWorld(product.url);
    process.stdout.write(`world built in ${Date.now() - t0} ms\n`);
  }, SLOW);
  afterAll(async () => {
    await product?.stop();
    product?.remove();
    process.stdout.write(
      `authorization matrix: ${figures.cells} cells checked, ${figures.findings} read or changed what is not the caller's\n`,
    );
  });

  it(
    'sets no field a body may not set (owner, visibility, score, position, sender, admin flag)',
    async () => {
      expect(await controls(w)).toEqual([]);
      const found: string[] = [];
      for (const row of fieldRows) {
        const problems = await row.check(w);
        figures.cells += 1;
        if (problems.length) {
          figures.findings += 1;
          found.push(`${row.name}: ${problems.join('; ')}`);
        }
      }
      expect(found).toEqual([]);
    },
    SLOW,
  );

  it(
    "keeps the realtime channel to live sessions and to each person's own events",
    async () => {
      const s = sockets(w);
      const found: string[] = [];
      try {
        for (const row of socketRows) {
          const problems = await row.check(w, s);
          figures.cells += 1;
          if (problems.length) {
            figures.findings += 1;
            found.push(`${row.name}: ${problems.join('; ')}`);
          }
        }
      } finally {
        s.close();
      }
      expect(found).toEqual([]);
    },
    SLOW,
  );

  it(
    "answers every route × actor × id as its row says, reading and changing nothing that is not the caller's",
    async () => {
      const outcomes = await runAll(w, cellsOf());
      figures.cells += outcomes.length;
      const findings = outcomes.filter((o) => o.finding);
      figures.findings += findings.length;
      const deviations = outcomes.filter((o) => o.deviation);
      expect({
        findings: findings.map((o) => `${o.cell}: ${o.finding}`),
        deviations: deviations.map((o) => `${o.cell}: ${o.deviation}`),
      }).toEqual({ findings: [], deviations: [] });
    },
    SLOW,
  );
});
