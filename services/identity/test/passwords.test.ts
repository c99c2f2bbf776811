import { ARGON2_OPTIONS, createArgon2Hasher } from '../src/domain/passwords';

describe('argon2id password hashing', () => {
  const hasher = createArgon2Hasher();

  it("uses OWASP's parameters or stronger", async () => {
    const hash = await hasher.hash('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(ARGON2_OPTIONS.memoryCost).toBe(19456);
  });

  it('verifies the right password only, and never throws on a bad hash', async () => {
    const hash = await hasher.hash('Correct-Horse-9');
    expect(await hasher.verify(hash, 'Correct-Horse-9')).toBe(true);
    expect(await hasher.verify(hash, 'correct-horse-9')).toBe(false);
    expect(await hasher.verify('', 'anything')).toBe(false);
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
  });
});
