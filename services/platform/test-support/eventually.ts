/**
 * Polls `read` every 20 ms until it gives a value other than `undefined` or `false`, and resolves with that value;
 * fails after `ms`, naming `what` it waited for. `() => count() === 3` waits for a condition, `() => rows[0]`
 * for a value.
 */
export async function eventually<T>(
  read: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
  what = 'a value',
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
