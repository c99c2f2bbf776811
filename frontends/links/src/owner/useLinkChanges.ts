import { useQueryClient } from '@tanstack/react-query';
import { isApiError, useToast } from '@vellum/ui';
import type { LinkPageView, LinkView } from '@vellum/proto/api';
import { linkKeys } from '../api/linksApi';

/**
 * How the owner's changes reach the page: the service's answer replaces the cached page (no reload), the clicks
 * reload (a new or deleted link changes their rows), and a refusal shows the server's `errorMessage` in an error
 * toast (spec section 8).
 */
export function useLinkChanges(username: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const pageKey = linkKeys.page(username);
  const update = (change: (page: LinkPageView) => LinkPageView) =>
    queryClient.setQueryData<LinkPageView>(pageKey, (page) => (page ? change(page) : page));
  return {
    update,
    setLinks: (links: LinkView[]) => update((page) => ({ ...page, links })),
    /** After a link was added, edited or deleted: the clicks' rows follow. */
    linksChanged: () => queryClient.invalidateQueries({ queryKey: linkKeys.clicks(username) }),
    /** Shows what went wrong; `reload` fetches the page again (undoing what was shown before it was saved). */
    failed: (error: unknown, fallback: string, reload = false) => {
      console.warn(fallback, error);
      toast.show(isApiError(error) ? error.message : fallback, 'danger');
      if (reload) void queryClient.invalidateQueries({ queryKey: pageKey });
    },
    done: (message: string) => toast.show(message, 'success'),
  };
}

export type LinkChanges = ReturnType<typeof useLinkChanges>;
