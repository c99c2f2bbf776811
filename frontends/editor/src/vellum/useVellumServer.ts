import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { loadVellumPage } from '../api/loadVellumPage';
import { SAVE_TIMEOUT_MS, withTimeout } from './saveFailure';

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

  /** Saves over `baseRevision`; no answer within SAVE_TIMEOUT_MS rejects with SaveTimedOut. */
  const save = useCallback(
    (title: string, text: string, baseRevision: number) =>
      withTimeout((signal) => vellumApi.save(id, { title, text, baseRevision }, { signal }), SAVE_TIMEOUT_MS),
    [id],
  );

  /** After a save: the lists and the History are stale and the vellum is reloaded (for its updated-on line). */
  const afterSave = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.versions(id) });
    return reload();
  }, [queryClient, reload, id]);

  return { reload, save, afterSave };
}
