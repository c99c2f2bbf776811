import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, NotFound, api, useSession, useTitle } from '@vellum/ui/core';
import { PeopleList, type Person } from './PeopleList';
import { cirrusName, useViewedCirrus } from './useViewedCirrus';

interface FollowingEntry {
  i?: string;
  username?: string;
  image?: string | null;
  display_name?: string;
}

/** /cirrus/{username}/following. */
export default function FollowingPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const cirrus = useViewedCirrus(username);
  const following = useQuery({
    queryKey: ['following', username],
    queryFn: () =>
      api
        .get<{ followings: FollowingEntry[] }>(`/api/cirrus/${encodeURIComponent(username)}/following`)
        .catch((error: unknown) => {
          console.warn('Could not load the following list', error);
          return { followings: [] };
        }),
  });
  const heading = cirrus.data ? `Cirri ${cirrusName(cirrus.data)} Is Following` : undefined;
  useTitle(heading);
  if (cirrus.isPending || following.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus.data) return <NotFound />;
  const people: Person[] = (following.data?.followings ?? []).flatMap((entry) =>
    entry.username ? [{ username: entry.username, displayName: entry.display_name, image: entry.image }] : [],
  );
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-4">{heading}</h1>
      <PeopleList
        people={people}
        filterable={Boolean(signedCirrus)}
        filterLabel="Filter cirri"
        emptyText="Nothing to show here yet."
      />
    </Container>
  );
}
