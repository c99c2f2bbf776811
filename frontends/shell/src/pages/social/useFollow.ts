import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, useSession, useToast } from '@vellum/ui/core';
import { socialApi, socialKeys, type FollowStatus } from './socialApi';

/**
 * The follow status of a profile (whether the signed-in visitor follows it, and its counts) and the Follow /
 * Unfollow change. A change updates the status from the server's answer and refreshes the lists it touched.
 */
export function useFollow(username: string) {
  const client = useQueryClient();
  const toast = useToast();
  const { signedCirrus } = useSession();
  const status = useQuery({
    queryKey: socialKeys.status(username),
    queryFn: () => socialApi.followStatus(username),
  });
  const change = useMutation({
    mutationFn: (follow: boolean) => (follow ? socialApi.follow(username) : socialApi.unfollow(username)),
    onSuccess: (next: FollowStatus) => {
      client.setQueryData(socialKeys.status(username), next);
      void client.invalidateQueries({ queryKey: socialKeys.followers(username) });
      if (signedCirrus) {
        void client.invalidateQueries({ queryKey: socialKeys.following(signedCirrus.username) });
        void client.invalidateQueries({ queryKey: socialKeys.status(signedCirrus.username) });
      }
    },
    onError: (error: unknown) => {
      toast.show(isApiError(error) ? error.message : 'The follow could not be changed.', 'danger');
    },
  });
  return {
    status: status.data,
    changing: change.isPending,
    toggle: () => {
      if (status.data) change.mutate(!status.data.following);
    },
  };
}
