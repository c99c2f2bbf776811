import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { loadVellumPage } from '../api/loadVellumPage';

/** The calls of one vellum's page: reload it into the shared cache, save it and refresh what shows it. */
export function useVellumServer(id: string) {
  const queryClient = useQueryClient();

  const reload = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: queryKeys.vellum(id),
        queryFn: () => loadVellumPage(id),
        staleTime: 0,
      }),
    [queryClient, id],
  );

  const save = useCallback((title: string, text: string) => vellumApi.save(id, { title, text }), [id]);

  /** After a save: the lists and the History are stale and the vellum is reloaded (for its updated-on line). */
  const afterSave = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.versions(id) });
    return reload();
  }, [queryClient, reload, id]);

  return { reload, save, afterSave };
}
