import type { VellumListItem } from '@vellum/proto/api';

/** A list row with the client's local visible flag (spec section 3). */
export type ListedVellum = VellumListItem & { visible: boolean };

/** The title filter: a case-insensitive substring match, on the client (spec section 5). */
export function filterByTitle<T extends VellumListItem>(
  items: readonly T[],
  filter: string,
): Array<T & { visible: boolean }> {
  const needle = filter.trim().toLocaleLowerCase();
  return items.map((item) => ({
    ...item,
    visible: needle === '' || item.title.toLocaleLowerCase().includes(needle),
  }));
}

export function visibleOnly<T extends ListedVellum>(items: readonly T[]): T[] {
  return items.filter((item) => item.visible);
}
