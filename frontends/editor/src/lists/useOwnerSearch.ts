import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VELLUM_SEARCH_MIN, type VellumListItem } from '@vellum/proto/api';
import { useDebounce } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';

/** The owner's text search runs after an 800 ms pause (spec sections 5 and 9). */
export const SEARCH_DEBOUNCE_MS = 800;

/** A failed search empties the list, which then reads 'No Vellums found.' (spec section 8). */
async function search(username: string, text: string): Promise<VellumListItem[]> {
  try {
    return (await vellumApi.list(username, text)).vellums;
  } catch (error) {
    console.warn('The search failed', error);
    return [];
  }
}

/**
 * Text search in the owner's vellums (title and body, on the server): only with 2 or more characters after the
 * pause; below that, and when emptied, `results` is null and the full list shows again.
 */
export function useOwnerSearch(username: string, enabled: boolean) {
  const [value, setValue] = useState('');
  const settled = useDebounce(value.trim().toLocaleLowerCase(), SEARCH_DEBOUNCE_MS);
  const active = enabled && settled.length >= VELLUM_SEARCH_MIN;
  const results = useQuery({
    queryKey: queryKeys.search(username, settled),
    queryFn: () => search(username, settled),
    enabled: active,
    staleTime: 0,
  });
  return {
    value,
    setValue,
    /** The found vellums, or null when no search applies. */
    results: active ? (results.data ?? null) : null,
    searching: active && results.isFetching,
  };
}
