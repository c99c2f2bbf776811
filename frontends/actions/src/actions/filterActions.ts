import type { ActionView } from '@vellum/proto/api';

/** Case-insensitive substring match on the text, client-side (like the spec's title filter). */
export function filterActions<A extends ActionView>(actions: A[], filter: string): A[] {
  const needle = filter.trim().toLowerCase();
  return needle ? actions.filter((action) => action.text.toLowerCase().includes(needle)) : actions;
}

/** Dates in the long format of spec section 9, e.g. 'October 5, 2024'. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
