import type { Caller } from '@vellum/platform';
import type { SearchQuery } from '@vellum/proto';
import type { SocialContext } from '../context';
import { searchDirectory, type SearchRow } from '../store/search-store';

/** The signed-in caller's typeahead: up to `limit` public cirri matching `query`; an empty query finds nobody. */
export async function searchPeople(
  ctx: SocialContext,
  _caller: Caller,
  input: SearchQuery,
): Promise<SearchRow[]> {
  if (input.query === '') return [];
  return searchDirectory(ctx.db, input.query, input.limit);
}
