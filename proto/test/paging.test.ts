import {
  adminSeriesQuerySchema,
  PAGE_CURSOR_MAX,
  pageCursorField,
  pageLimitField,
  pagingMessages,
} from '@vellum/proto';
import { accepts, refuses } from './helpers';

// The one paging rule of every list: the same `?limit=` and `?cursor=` fields and the same two messages.
describe('the paging rule', () => {
  const limit = pageLimitField(50, 200);

  it("reads an absent limit as the list's default and digits from 1 to its max as the number", () => {
    expect(accepts(limit, undefined)).toBe(50);
    expect(accepts(limit, '1')).toBe(1);
    expect(accepts(limit, '200')).toBe(200);
    expect(accepts(limit, '007')).toBe(7);
  });

  it.each(['', '0', '201', '-1', '+5', '5.0', '1e1', '0x10', ' 5', '5 ', 'abc', '9'.repeat(400)])(
    'refuses the limit %j with the one message',
    (raw) => {
      expect(refuses(limit, raw)).toBe('The limit must be a whole number from 1 to 200.');
    },
  );

  it('names the max in the message', () => {
    expect(pagingMessages.limit(25)).toBe('The limit must be a whole number from 1 to 25.');
    expect(refuses(pageLimitField(10, 25), '26')).toBe(pagingMessages.limit(25));
  });

  it('states a cursor as opaque text of at most PAGE_CURSOR_MAX characters, else the one message', () => {
    expect(accepts(pageCursorField, undefined)).toBeUndefined();
    expect(accepts(pageCursorField, 'x'.repeat(PAGE_CURSOR_MAX))).toBe('x'.repeat(PAGE_CURSOR_MAX));
    expect(refuses(pageCursorField, 'x'.repeat(PAGE_CURSOR_MAX + 1))).toBe(
      'That page of the list does not exist; start again from the first page.',
    );
  });

  it('keeps the admin series its own words for days', () => {
    expect(accepts(adminSeriesQuerySchema, {}).days).toBe(90);
    expect(refuses(adminSeriesQuerySchema, { days: '367' })).toBe(
      'The days must be a whole number from 1 to 366.',
    );
  });
});
