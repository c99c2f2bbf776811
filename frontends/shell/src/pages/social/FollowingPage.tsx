import { useParams } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, NotFound, useSession, useTitle } from '@vellum/ui/core';
import { PeopleList } from './PeopleList';
import { usePeoplePages } from './usePeoplePages';
import { cirrusName, useViewedCirrus } from './useViewedCirrus';

export const followingHeading = (name: string) => `Cirri ${name} Is Following`;

/** /cirrus/{username}/following: the heading for everyone, the filter for signed-in users, no owner items. */
export default function FollowingPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const cirrus = useViewedCirrus(username);
  const following = usePeoplePages('following', username);
  const heading = cirrus.data ? followingHeading(cirrusName(cirrus.data)) : undefined;
  useTitle(heading);
  if (cirrus.isPending || following.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus.data) return <NotFound />;
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-4">{heading}</h1>
      <PeopleList
        people={following.people}
        filterable={Boolean(signedCirrus)}
        filterLabel="Filter cirri"
        listLabel="Following"
        emptyText="Nothing to show here yet."
        hasMore={following.hasMore}
        loadingMore={following.loadingMore}
        onShowMore={following.showMore}
      />
    </Container>
  );
}
