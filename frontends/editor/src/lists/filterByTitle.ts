import type { VellumListItem } from '@vellum/proto/api';

/** A list row with the client's local visible flag (spec section 3). */
export type ListedVellum = VellumListItem & { visible: boolean };

/** The title filter: a case-insensitive substring match, on the client (spec section 5). */
export function filterByTitle(items: readonly VellumListItem[], filter: string): ListedVellum[] {
  const needle = filter.trim().toLocaleLowerCase();
  return items.map((item) => ({
    ...item,
    visible: needle === '' || item.title.toLocaleLowerCase().includes(needle),
  }));
}

export function visibleOnly(items: readonly ListedVellum[]): ListedVellum[] {
  return items.filter((item) => item.visible);
}
