import { Invalid, keysetCursor, pageOf } from '../../src';

const MESSAGE = 'That page of the list does not exist; start again from the first page.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID = '0be7e0c4-0000-4000-8000-000000000000';
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('keysetCursor', () => {
  const cursor = keysetCursor({ parts: [/^[^\0]{0,40}$/, UUID] });

  it('round-trips a key, parts with | and non-ASCII text included', () => {
    const keys: Array<[string, string]> = [
      ['2026-01-02T03:04:05.123456+00:00', ID],
      ['a|b|c', ID],
      ['', ID],
      ['Zoë "quoted" \\ 🙂', ID],
    ];
    for (const key of keys) {
      const text = cursor.encode(key);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor.decode(text)).toEqual(key);
    }
  });

  it('is base64url of a JSON array of the parts: opaque to clients, readable by the service', () => {
    expect(cursor.encode(['x', ID])).toBe(base64url(JSON.stringify(['x', ID])));
  });

  it('decodes an absent cursor as no key', () => {
    // A key has as many parts as the codec, each a text.
    const key: [string, string] | undefined = cursor.decode(undefined);
    expect(key).toBeUndefined();
  });

  it.each([
    ['empty text', ''],
    ['not base64url JSON', 'garbage'],
    ['base64url of text that is not JSON', base64url('x|' + ID)],
    ['a JSON object', base64url(JSON.stringify({ k: 'x', i: ID }))],
    ['a JSON string', base64url(JSON.stringify('x'))],
    ['an array of numbers', base64url(JSON.stringify([1, 2]))],
    ['too few parts', base64url(JSON.stringify(['x']))],
    ['too many parts', base64url(JSON.stringify(['x', ID, 'more']))],
    ['a part failing its pattern', base64url(JSON.stringify(['x', "x' OR 1=1 --"]))],
    ['a part failing its pattern (too long)', base64url(JSON.stringify(['y'.repeat(41), ID]))],
    ['a control character in a part', base64url(JSON.stringify(['a\u0000b', ID]))],
    ['another spelling of the same array', base64url(JSON.stringify(['x', ID], null, 1))],
    ['the same bytes with padding', `${base64url(JSON.stringify(['x', ID]))}==`],
    ['the same bytes with other characters', `${base64url(JSON.stringify(['x', ID]))}!`],
    ['text longer than 400 characters', 'A'.repeat(401)],
  ])('refuses %s with Invalid and the one message', (_what, text) => {
    expect(() => cursor.decode(text)).toThrow(new Invalid(MESSAGE));
  });

  it('refuses a cursor made for other parts (another list, or another order)', () => {
    const byName = keysetCursor({ parts: [/^name$/, /^asc$/, UUID] });
    const byDate = keysetCursor({ parts: [/^created$/, /^asc$/, UUID] });
    expect(() => byDate.decode(byName.encode(['name', 'asc', ID]))).toThrow(new Invalid(MESSAGE));
  });

  it('never makes a cursor it would refuse: a key off its parts is a programming error', () => {
    // @ts-expect-error: a key of too few parts does not compile either.
    expect(() => cursor.encode(['x'])).toThrow('does not fit its parts');
    expect(() => cursor.encode(['x', 'not a uuid'])).toThrow('does not fit its parts');
    expect(() => keysetCursor({ parts: [/^.*$/] }).encode(['x'.repeat(400)])).toThrow('too long');
    expect(() => keysetCursor({ parts: [/^x$/g] })).toThrow('global or sticky');
  });
});

describe('pageOf', () => {
  const cursorOf = (n: number) => `after-${n}`;

  it('answers the page and the cursor of its last row when a row past it was read', () => {
    expect(pageOf([1, 2, 3], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: 'after-2' });
  });

  it('answers nextCursor null on the last page, a full one included', () => {
    expect(pageOf([1, 2], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: null });
    expect(pageOf([1], 2, cursorOf)).toEqual({ page: [1], nextCursor: null });
    expect(pageOf([], 2, cursorOf)).toEqual({ page: [], nextCursor: null });
  });
});
