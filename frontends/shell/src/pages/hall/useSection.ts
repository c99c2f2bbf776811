import { useQuery } from '@tanstack/react-query';
import type { SectionState } from './HallSection';

/**
 * One section's data: one request, cached by the page's query client under `key`, its answer reduced to the rows
 * shown by `select`. A failure is logged and shows as the section's error, never a toast: the other sections stay.
 */
export function useSection<A, T>(
  key: readonly unknown[],
  fetch: () => Promise<A>,
  select: (answer: A) => T[],
): SectionState<T> {
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await fetch();
      } catch (error) {
        console.warn(`Could not load the Hall's ${String(key[1] ?? key[0])}`, error);
        throw error;
      }
    },
    select,
  });
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error' };
  return { status: 'success', rows: query.data };
}
