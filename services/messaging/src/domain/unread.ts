/** A reader's unread total: the sum of their per-conversation counts. */
export function totalOf(unread: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const n of unread.values()) total += n;
  return total;
}
