import { useQueryClient } from '@tanstack/react-query';
import { actionKeys } from '../api/actionsApi';

/**
 * After every change to someone's actions: their list reloads, and so does the top bar's badge (the shell reads
 * the same query client, a shared singleton).
 */
export function useActionChanges() {
  const queryClient = useQueryClient();
  return (username: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: actionKeys.list(username) }),
      queryClient.invalidateQueries({ queryKey: actionKeys.badge }),
    ]);
}
