import { Invalid } from '@vellum/platform';
import { pagingMessages, vellumMessages } from '@vellum/proto';
import { discoveryCursor } from '../src/domain/cursor';
import { searchTermOf } from '../src/domain/listing';
import { scoreOf } from '../src/domain/score';
import { accessOf } from '../src/domain/access';

describe('scores', () => {
  it.each<[number, number, number, string | null, string, number]>([
    [0, 0, 3, null, 'secondary', 3],
    [2, 6, 3, null, 'secondary', 1],
    [3, 3, 3, 'bad', 'danger', 0],
    [4, 5, 3, 'bad', 'danger', 0], // 1.25
    [2, 3, 2, 'good', 'primary', 0], // 1.5 rounds up
    [3, 7, 3, 'good', 'primary', 0], // 2.33
    [2, 5, 2, 'excellent', 'success', 0], // 2.5 rounds up
    [5, 15, 3, 'excellent', 'success', 0],
    [1, 3, 1, 'excellent', 'success', 0],
  ])('%i ratings summing %i with %i required: %s', (count, sum, required, score, style, left) => {
    expect(scoreOf({ count, sum }, required, null)).toEqual({
      score,
      scoreStyle: style,
      ratingsRequired: left,
      ratings: count,
      myRating: null,
    });
  });

  it("tells the caller's own rating", () => {
    expect(scoreOf({ count: 1, sum: 2 }, 3, 2).myRating).toBe('good');
  });
});

describe('access', () => {
  const owner = { id: 'o', username: 'o' };
  it('gives the owner everything, others a public one to read, and nothing of a private one', () => {
    expect(accessOf({ ownerId: 'o', isPublic: false }, owner)).toBe('owner');
    expect(accessOf({ ownerId: 'o', isPublic: true }, { id: 'x', username: 'x' })).toBe('reader');
    expect(accessOf({ ownerId: 'o', isPublic: true }, undefined)).toBe('reader');
    expect(accessOf({ ownerId: 'o', isPublic: false }, { id: 'x', username: 'x' })).toBe('none');
    expect(accessOf({ ownerId: 'o', isPublic: false }, undefined)).toBe('none');
  });
});

describe('discovery cursors', () => {
  const key = { editedAt: '2026-01-02T03:04:05.123456+00:00', id: '0b3f5a52-6a57-4a4e-9d1e-2f5b0f8e4c11' };
  const forged = (editedAt: string, id: string) =>
    Buffer.from(JSON.stringify([editedAt, id])).toString('base64url');
  it('round-trip, keeping microseconds', () => {
    expect(discoveryCursor.decode(discoveryCursor.encode([key.editedAt, key.id]))).toEqual([
      key.editedAt,
      key.id,
    ]);
    expect(discoveryCursor.decode(undefined)).toBeUndefined();
  });
  it.each([
    '',
    'garbage',
    forged(key.editedAt, "x' OR 1=1 --"),
    forged('now()', key.id),
    Buffer.from(`${key.editedAt}|${key.id}`).toString('base64url'),
    'a'.repeat(401),
  ])('refuse %j', (cursor) => {
    expect(() => discoveryCursor.decode(cursor)).toThrow(new Invalid(pagingMessages.cursor));
  });
});

describe('list parameters', () => {
  it('takes searches of 2 to 200 characters, trimmed', () => {
    expect(searchTermOf('  ab ')).toBe('ab');
    expect(() => searchTermOf(' a ')).toThrow(vellumMessages.searchTooShort);
    expect(() => searchTermOf('a'.repeat(201))).toThrow(vellumMessages.searchTooLong);
  });
});
