/**
 * The showcase and the creators are the same for every visitor of the welcome page, and the creators are an
 * aggregate over every public vellum (about 100 ms at 200,000). Each answer is kept for `ttlMs`; concurrent
 * requests share one load; `clear()` drops everything (the service calls it after each of its own writes, so this
 * replica never shows a stale list; other replicas catch up within `ttlMs`). A failed load is not kept.
 */
export function createPublicListCache(ttlMs: number) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type PublicListCache = ReturnType<typeof createPublicListCache>;
