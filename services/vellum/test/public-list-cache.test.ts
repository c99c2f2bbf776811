import { createPublicListCache } from '../src/http/public-list-cache';

describe('the public list cache', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once for concurrent and repeated requests, again after the time-out or a clear', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = createPublicListCache(30_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    jest.setSystemTime(1_000_000 + 29_999);
    expect(await cache.get('k', load)).toBe(1);
    jest.setSystemTime(1_000_000 + 30_000);
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('other', load)).toBe(4);
  });

  it('does not keep a failed load', async () => {
    const cache = createPublicListCache(30_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });
});
