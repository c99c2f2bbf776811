import { useInfiniteQuery } from '@tanstack/react-query';
import type { Person } from './PeopleList';
import { socialApi, socialKeys, type FollowerEntry, type FollowingEntry } from './socialApi';

interface PeoplePage {
  people: Person[];
  nextCursor: string | null;
}

export function followersToPeople(entries: FollowerEntry[] | undefined): Person[] {
  return (entries ?? []).flatMap((entry) =>
    entry._doc?.username
      ? [
          {
            i: entry._doc.i,
            username: entry._doc.username,
            displayName: entry.display_name,
            image: entry.image,
          },
        ]
      : [],
  );
}

export function followingToPeople(entries: FollowingEntry[] | undefined): Person[] {
  return (entries ?? []).flatMap((entry) =>
    entry.username ? [{ username: entry.username, displayName: entry.display_name, image: entry.image }] : [],
  );
}

async function fetchPage(
  kind: 'followers' | 'following',
  username: string,
  cursor: string | undefined,
): Promise<PeoplePage> {
  try {
    if (kind === 'followers') {
      const answer = await socialApi.followers(username, cursor);
      return { people: followersToPeople(answer.followers), nextCursor: answer.nextCursor ?? null };
    }
    const answer = await socialApi.following(username, cursor);
    return { people: followingToPeople(answer.followings), nextCursor: answer.nextCursor ?? null };
  } catch (error) {
    // List failures are only logged (spec section 8): the list reads as empty.
    console.warn(`Could not load the ${kind} of ${username}`, error);
    return { people: [], nextCursor: null };
  }
}

/** A followers or following list, newest first, one page of the server's at a time ('Show more'). */
export function usePeoplePages(kind: 'followers' | 'following', username: string) {
  const query = useInfiniteQuery({
    queryKey: kind === 'followers' ? socialKeys.followers(username) : socialKeys.following(username),
    queryFn: ({ pageParam }) => fetchPage(kind, username, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    isPending: query.isPending,
    people: query.data?.pages.flatMap((p) => p.people) ?? [],
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    showMore: () => void query.fetchNextPage(),
  };
}
