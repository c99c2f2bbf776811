import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, NotFound, api, possessive, useSession, useTitle } from '@vellum/ui/core';
import { PeopleList, type Person } from './PeopleList';
import { cirrusName, useViewedCirrus } from './useViewedCirrus';

interface FollowerEntry {
  _doc?: { i?: string; username?: string };
  image?: string | null;
  display_name?: string;
}

export function toPeople(entries: FollowerEntry[] | undefined): Person[] {
  return (entries ?? []).flatMap((entry) =>
    entry._doc?.username
      ? [{ username: entry._doc.username, displayName: entry.display_name, image: entry.image }]
      : [],
  );
}

/** /cirrus/{username}/followers. A failing list reads as empty (list failures are only logged). */
export default function FollowersPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const cirrus = useViewedCirrus(username);
  const followers = useQuery({
    queryKey: ['followers', username],
    queryFn: () =>
      api
        .get<{ followers: FollowerEntry[] }>(`/api/cirrus/${encodeURIComponent(username)}/followers`)
        .catch((error: unknown) => {
          console.warn('Could not load the followers', error);
          return { followers: [] };
        }),
  });
  const heading = cirrus.data ? `${possessive(cirrusName(cirrus.data))} Followers` : undefined;
  useTitle(heading);
  if (cirrus.isPending || followers.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus.data) return <NotFound />;
  const signedIn = Boolean(signedCirrus);
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <h1 className={signedIn ? 'visually-hidden' : 'h3 mb-4'}>{heading}</h1>
      <PeopleList
        people={toPeople(followers.data?.followers)}
        filterable={signedIn}
        filterLabel="Filter followers"
        emptyText="No Followers yet."
      />
    </Container>
  );
}
