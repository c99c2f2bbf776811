import { validateVellumDocument } from '@vellum/proto';
import { hostileDocuments, richDocument } from '@vellum/proto/test/fixtures/vellum-documents';
import { fuzzCase, random } from './support/document-fuzzer';
import { unsafeParts } from './support/safety-oracle';
import { person, vellumHarness } from './support/service-harness';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);

describe('fuzzing the document validator', () => {
  it('the oracle passes what the editor writes and flags every unsafe address', () => {
    expect(unsafeParts(richDocument)).toEqual([]);
    // Refused by policy rather than unsafe, so the oracle rightly lets them be: an address written oddly
    // ('https:evil.example' still parses as a web address), one over the length limit, a video that autoplays.
    const policyOnly = /https:evil\.example|a{30}|autoplay/;
    const addresses = hostileDocuments().filter(
      ([name]) => /^(link|image|video) /.test(name) && !policyOnly.test(name),
    );
    expect(
      addresses.filter(([, hostile]) => unsafeParts(hostile).length === 0).map(([name]) => name),
    ).toEqual([]);
  });

  it(`accepts nothing unsafe and never throws, over ${CASES} mutated documents (seed ${SEED})`, () => {
    const r = random(SEED);
    let accepted = 0;
    const escaped: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const input = fuzzCase(r);
      const result = validateVellumDocument(input);
      if (!result.ok) {
        expect(typeof result.message).toBe('string');
        continue;
      }
      accepted++;
      const problems = unsafeParts(result.doc);
      if (problems.length > 0)
        escaped.push(`case ${i}: ${problems.join(', ')}: ${JSON.stringify(input).slice(0, 300)}`);
    }
    expect(escaped).toEqual([]);
    // The mutations are not all fatal: the fuzzer also reaches the accepting paths.
    expect(accepted).toBeGreaterThan(CASES / 10);
  }, 120_000);
});

describe('fuzzing the service', () => {
  it('answers 201 or 400 (never 500) and stores only what the oracle passes', async () => {
    const h = await vellumHarness();
    try {
      const ada = person();
      const r = random(SEED + 1);
      const statuses = new Set<number>();
      for (let i = 0; i < 300; i++) {
        const input = fuzzCase(r);
        const text = typeof input === 'string' ? input : JSON.stringify(input);
        const res = await h.as(ada).post('/api/vellum-new', { title: `Fuzz ${i}`, text });
        statuses.add(res.status);
        if (res.status === 201) expect(unsafeParts(res.body.savedVellum.text)).toEqual([]);
      }
      expect([...statuses].every((s) => s === 201 || s === 400)).toBe(true);
      const { rows } = await h.db.query<{ body: string }>(`SELECT body FROM vellum.vellums WHERE body <> ''`);
      for (const row of rows) expect(unsafeParts(row.body)).toEqual([]);
    } finally {
      await h.close();
    }
  }, 120_000);
});
