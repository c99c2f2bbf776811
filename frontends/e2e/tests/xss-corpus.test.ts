import {
  ADDRESS_PAYLOADS,
  CONFUSED_DOCS,
  CONFUSED_VALUES,
  MARKUP_PAYLOADS,
  MORE_MARKUP_PAYLOADS,
  MORE_QUOTED_URLS,
  MORE_URL_PAYLOADS,
  QUOTED_URLS,
  URL_PAYLOADS,
  XSS_PAYLOADS,
} from '../harness/xssCorpus';

// The XSS corpus itself (no product, no browser): at least 200 distinct payloads, each list without repeats,
// and the type confusion values of every other JSON type.
describe('the XSS corpus', () => {
  it('holds at least 200 distinct string payloads, none repeated in its lists', () => {
    for (const list of [
      MARKUP_PAYLOADS,
      MORE_MARKUP_PAYLOADS,
      URL_PAYLOADS,
      MORE_URL_PAYLOADS,
      QUOTED_URLS,
      MORE_QUOTED_URLS,
    ]) {
      expect(new Set(list).size).toBe(list.length);
    }
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    expect(ADDRESS_PAYLOADS.every((payload) => XSS_PAYLOADS.includes(payload))).toBe(true);
    console.log(
      `XSS corpus: ${XSS_PAYLOADS.length} string payloads (${ADDRESS_PAYLOADS.length} addresses), ` +
        `${CONFUSED_VALUES.length} type confusion values, ${CONFUSED_DOCS.length} confused documents`,
    );
  });

  it('has type confusion values of every JSON type but string, none null', () => {
    const types = new Set(
      CONFUSED_VALUES.map(([, value]) => (Array.isArray(value) ? 'array' : typeof value)),
    );
    expect([...types].sort()).toEqual(['array', 'boolean', 'number', 'object']);
    expect(CONFUSED_VALUES.some(([, value]) => value === null)).toBe(false);
  });
});
