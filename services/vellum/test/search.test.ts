import { addressRefused } from '@vellum/platform';
import {
  pagingMessages,
  VELLUM_SEARCH_RANKED,
  vellumMessages,
  type VellumSearchResponse,
} from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import { person, vellumHarness, type Person, type VellumHarness } from './support/service-harness';

const body = (...paragraphs: string[]) => JSON.stringify(doc(...paragraphs.map((words) => p(text(words)))));

describe('text search in vellums (titles and text, English and Russian)', () => {
  let h: VellumHarness;
  const [ada, bob] = [person('ada'), person('bob')];
  beforeAll(async () => {
    h = await vellumHarness();
  }, 60_000);
  afterAll(() => h.close());

  /** A vellum of `who`, public unless told otherwise. */
  const write = async (who: Person, title: string, words: string, isPublic = true) => {
    const created = await h.as(who).post('/api/vellum-new', { title, text: body(words) });
    expect(created.status).toBe(201);
    const id = created.body.savedVellum.i as string;
    if (isPublic) await h.as(who).put(`/api/vellum/publish/${id}`);
    return id;
  };
  /** A search's answer: in Ada's list as `who` sees it, or (no `list`) everybody's public vellums. */
  const search = (who: Person | undefined, q: string, list = true, extra = '') =>
    h
      .as(who)
      .get(
        `${list ? `/api/cirrus/${ada.username}/vellums` : '/api/vellums'}?search=${encodeURIComponent(q)}${extra}`,
      );
  const found = async (who: Person | undefined, q: string, list = true) => {
    const res = await search(who, q, list);
    expect(res.status).toBe(200);
    return (res.body as VellumSearchResponse).vellums.map((v) => v.title);
  };

  let secret: string;
  beforeAll(async () => {
    await write(ada, 'Running notes', 'She runs every morning before the markets open.');
    await write(ada, 'Кошка на крыше', 'Кошки бегали по крышам всю ночь.');
    await write(ada, 'Koshka in Latin', 'A cat called koshka by the neighbours.');
    await write(ada, 'Brown fox', 'The quick brown fox jumps over the lazy dog.');
    await write(ada, 'Reversed', 'The dog jumps over the quick brown fox.');
    secret = await write(ada, 'Secret plans', 'The private zeppelin timetable.', false);
    await write(bob, "Bob's zeppelin", 'A public zeppelin of Bob.');
  });

  it('finds words by their English stems in titles and text', async () => {
    expect(await found(ada, 'run')).toEqual(['Running notes']);
    expect(await found(ada, 'market opening')).toEqual(['Running notes']);
  });

  it('finds Russian words by their stems, and either alphabet through transliteration', async () => {
    expect(await found(ada, 'кошки')).toEqual(expect.arrayContaining(['Кошка на крыше']));
    expect(await found(ada, 'крыша')).toEqual(['Кошка на крыше']);
    // Latin letters find the Cyrillic words, Cyrillic ones the Latin spelling.
    expect((await found(ada, 'koshka')).sort()).toEqual(['Koshka in Latin', 'Кошка на крыше'].sort());
    expect((await found(ada, 'кошка')).sort()).toEqual(['Koshka in Latin', 'Кошка на крыше'].sort());
    expect(await found(ada, 'kryshe')).toEqual(['Кошка на крыше']);
  });

  it('finds a quoted phrase only as consecutive words, and the last word as a prefix', async () => {
    expect(await found(ada, '"quick brown fox"')).toEqual(expect.arrayContaining(['Brown fox', 'Reversed']));
    expect(await found(ada, '"fox jumps"')).toEqual(['Brown fox']);
    expect(await found(ada, '"dog jumps"')).toEqual(['Reversed']);
    // Stop words ('over', 'the') are left out of a phrase as they are of its text.
    expect(await found(ada, '"over the lazy dog"')).toEqual(['Brown fox']);
    expect((await found(ada, '"the quick brown"')).sort()).toEqual(['Brown fox', 'Reversed']);
    expect(await found(ada, 'lazy do')).toEqual(['Brown fox']);
    expect(await found(ada, 'zeppel')).toEqual(['Secret plans']);
    // A closed quote ends the word: no prefix.
    expect(await found(ada, '"zeppel"')).toEqual([]);
  });

  it('ranks a match in the title above one in the text only', async () => {
    expect(await found(ada, 'fox')).toEqual(['Brown fox', 'Reversed']);
  });

  it('answers a snippet as text and ranges, never markup', async () => {
    const html = await write(ada, 'Markup', '<b onclick="x">bold</b> & <script>alert(1)</script> zanzibar');
    const res = await search(ada, 'zanzibar');
    const [hit] = (res.body as VellumSearchResponse).vellums;
    expect(hit!.i).toBe(html);
    // The text parser reads tags as tags, not words: the snippet has the words only, and the found one as a range.
    const { text: snippet, marks } = hit!.snippet;
    expect(snippet).not.toMatch(/[<>]/);
    expect(marks).toHaveLength(1);
    expect(snippet.slice(marks[0]!.start, marks[0]!.end)).toBe('zanzibar');
  });

  it('marks the found words of each title, as ranges of the title itself, and none when only the text matched', async () => {
    const titled = async (q: string) =>
      Object.fromEntries(
        ((await search(ada, q)).body as VellumSearchResponse).vellums.map((v) => [
          v.title,
          v.titleMarks.map(({ start, end }) => v.title.slice(start, end)),
        ]),
      );
    expect(await titled('run')).toEqual({ 'Running notes': ['Running'] });
    expect(await titled('fox')).toEqual({ 'Brown fox': ['fox'], Reversed: [] });
    expect(await titled('кошка')).toEqual({ 'Кошка на крыше': ['Кошка'], 'Koshka in Latin': ['Koshka'] });
    expect(await titled('"brown fox"')).toEqual({ 'Brown fox': ['Brown', 'fox'], Reversed: [] });
    // A title that reads as markup to the text parser: its ranges (if any) still index the title as stored.
    await write(ada, '<i>Quokka</i> & <b>wombat</b>', 'marsupials');
    const [hit] = ((await search(ada, 'wombat')).body as VellumSearchResponse).vellums;
    for (const { start, end } of hit!.titleMarks) expect(hit!.title.slice(start, end)).toBe('wombat');
  });

  it('never shows a private vellum or its words to anyone else, and follows edits at once', async () => {
    expect(await found(ada, 'zeppelin')).toEqual(['Secret plans']);
    expect(await found(bob, 'zeppelin')).toEqual([]);
    expect(await found(undefined, 'timetable')).toEqual([]);
    expect(await found(bob, 'zeppelin', false)).toEqual(["Bob's zeppelin"]);
    expect(JSON.stringify((await search(undefined, 'zeppelin', false)).body)).not.toMatch(/timetable|Secret/);

    await h.as(ada).put(`/api/vellum/publish/${secret}`);
    expect(await found(bob, 'timetable', false)).toEqual(['Secret plans']);
    await h
      .as(ada)
      .post(`/api/vellum/${secret}`, { title: 'Open plans', text: body('The airship timetable.') });
    expect(await found(bob, 'airship', false)).toEqual(['Open plans']);
    expect(await found(bob, 'zeppelin', false)).toEqual(["Bob's zeppelin"]);
    await h.as(ada).put(`/api/vellum/private/${secret}`);
    expect(await found(bob, 'airship', false)).toEqual([]);
    expect(await found(ada, 'airship')).toEqual(['Open plans']);
    await h.as(ada).delete(`/api/vellum/${secret}`);
    expect(await found(ada, 'airship')).toEqual([]);
  });

  it('pages by rank with a cursor, every match once', async () => {
    for (let i = 0; i < 5; i++) await write(bob, `Pager ${i}`, 'pagination '.repeat(i + 1));
    const titles: string[] = [];
    let cursor = '';
    for (let pageNo = 0; pageNo < 5; pageNo++) {
      const res = await search(
        undefined,
        'pagination',
        false,
        `&limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.status).toBe(200);
      const page = res.body as VellumSearchResponse;
      titles.push(...page.vellums.map((v) => v.title));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    // More occurrences rank higher.
    expect(titles).toEqual(['Pager 4', 'Pager 3', 'Pager 2', 'Pager 1', 'Pager 0']);
    const discovery = await h.as(undefined).get('/api/vellums?limit=1');
    const wrong = await search(undefined, 'pagination', false, `&cursor=${discovery.body.nextCursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(pagingMessages.cursor);
  });

  it("ranks the most recently edited matches of a very common word, says so, and fills that window with a phrase's own matches", async () => {
    // Five old vellums that would rank first ('quokka' three times in the title, the phrase 'quokka island'), then
    // VELLUM_SEARCH_RANKED newer ones with the word once and both words apart.
    const old = VELLUM_SEARCH_RANKED + 5;
    await h.db.query(
      `INSERT INTO vellum.vellums (id, owner_id, title, body, body_text, is_public, is_new, created_at, last_edited)
       SELECT gen_random_uuid(), $1::uuid,
              CASE WHEN i <= 5 THEN 'Quokka quokka quokka ' || i ELSE 'Wildlife ' || i END, '',
              CASE WHEN i <= 5 THEN 'a quokka island walk' ELSE 'an island and a quokka' END,
              true, false, now() - interval '1 day' + i * interval '1 second',
              now() - interval '1 day' + i * interval '1 second'
         FROM generate_series(1, $2::int) i`,
      [bob.id, old],
    );
    const page = async (q: string, cursor = '') => {
      const res = await search(
        undefined,
        q,
        false,
        `&limit=100${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      expect(res.status).toBe(200);
      return res.body as VellumSearchResponse;
    };
    const first = await page('quokka');
    expect(first.capped).toBe(true);
    expect(first.vellums.some((v) => v.title.startsWith('Quokka'))).toBe(false);
    // Every page of the window, each vellum once, then no more: the window's size.
    const seen = new Set(first.vellums.map((v) => v.i));
    for (let cursor = first.nextCursor; cursor;) {
      const next = await page('quokka', cursor);
      expect(next.capped).toBe(true);
      for (const v of next.vellums) seen.add(v.i);
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(VELLUM_SEARCH_RANKED);
    // The phrase's window holds the phrase's matches only: the five old ones, not capped.
    const phrase = await page('"quokka island"');
    expect(phrase.vellums.map((v) => v.title).sort()).toEqual(
      [1, 2, 3, 4, 5].map((i) => `Quokka quokka quokka ${i}`),
    );
    expect(phrase.capped).toBe(false);
    // A narrower search is not capped; Ada's own words are not.
    expect((await page('walk quokka')).capped).toBe(false);
    expect((await search(ada, 'fox')).body.capped).toBe(false);
  });

  it('takes query syntax as plain text and refuses control characters and bad lengths with a message', async () => {
    for (const q of [
      "fox & !dog | (lazy) <-> :* '",
      'fox:*&',
      '!!',
      '""',
      "'; DROP TABLE vellum.vellums; --",
    ]) {
      const res = await search(ada, q);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    expect((await found(ada, "fox' | 'dog")).sort()).toEqual(['Brown fox', 'Reversed']);
    expect(await found(ada, '!!')).toEqual([]);
    expect((await search(ada, 'word '.repeat(40).trim())).status).toBe(200);
    for (const [q, message] of [
      ['fox\u0001', addressRefused.error],
      ['fo\u0000x', addressRefused.error],
      ['x', vellumMessages.searchTooShort],
      ['x'.repeat(201), vellumMessages.searchTooLong],
    ] as const) {
      const res = await search(ada, q, false);
      expect({ q, status: res.status, body: res.body }).toEqual({
        q,
        status: 400,
        body: { error: message, code: 'invalid' },
      });
    }
  });
});
