import { useParams } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, NotFound, possessive, useSession, useTitle } from '@vellum/ui/core';
import { PeopleList } from './PeopleList';
import { useActionRequestMenu } from './ActionRequestMenu';
import { usePeoplePages } from './usePeoplePages';
import { cirrusName, useViewedCirrus } from './useViewedCirrus';

/** '{name}'s Followers', or '{name}' Followers' when the name ends in s (spec section 2). */
export const followersHeading = (name: string) => `${possessive(name)} Followers`;

/**
 * /cirrus/{username}/followers. Signed-in users get the filter box, visitors the heading (spec section 2); the
 * heading stays for screen readers either way. The owner gets an 'Action Request' item per follower, which opens
 * the actions remote's New Action Request modal.
 */
export default function FollowersPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const cirrus = useViewedCirrus(username);
  const followers = usePeoplePages('followers', username);
  const heading = cirrus.data ? followersHeading(cirrusName(cirrus.data)) : undefined;
  const requests = useActionRequestMenu(signedCirrus?.username === username);
  useTitle(heading);
  if (cirrus.isPending || followers.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus.data) return <NotFound />;
  const signedIn = Boolean(signedCirrus);
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <h1 className={signedIn ? 'visually-hidden' : 'h3 mb-4'}>{heading}</h1>
      <PeopleList
        people={followers.people}
        filterable={signedIn}
        filterLabel="Filter followers"
        listLabel="Followers"
        emptyText="No Followers yet."
        hasMore={followers.hasMore}
        loadingMore={followers.loadingMore}
        onShowMore={followers.showMore}
        menu={requests.menu}
      />
      {requests.modal}
    </Container>
  );
}
