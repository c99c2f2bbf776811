import { Link, useParams } from 'react-router-dom';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Avatar, LoadingOverlay, NotFound, paths, useIsOwner, useSession, useTitle } from '@vellum/ui/core';
import { FollowButton } from './social/FollowButton';
import { MessageButton } from './social/MessageButton';
import { ProfileCounts } from './social/ProfileCounts';
import { useFollow } from './social/useFollow';
import { cirrusName, useViewedCirrus } from './social/useViewedCirrus';

export interface ViewedCirrus {
  i: string;
  username: string;
  displayName?: string;
  display_name?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  image?: string | null;
  imageBackground?: string | null;
  location?: string | null;
  summary?: string | null;
  outstandingActions?: number;
}

/**
 * /cirrus/{username}: the profile. The cirrus comes from identity, the counts and whether the visitor follows it
 * from social. A cirrus that cannot be loaded shows Not Found (spec section 8); counts that cannot be loaded are
 * left out.
 */
export default function CirrusPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const owner = useIsOwner(username);
  const query = useViewedCirrus(username);
  const follow = useFollow(username);
  const cirrus = query.data;
  const name = cirrus ? cirrusName(cirrus) : undefined;
  useTitle(name);
  if (query.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus) return <NotFound />;
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <Card className="shadow-sm">
        <Card.Body className="d-flex gap-4 align-items-start">
          {/* The image background is a colour behind the image (a CSS hex colour, or none). */}
          <div
            data-testid="profile-image"
            className="rounded-circle p-1 flex-shrink-0"
            style={{ background: cirrus.imageBackground || 'transparent' }}
          >
            <Avatar username={cirrus.username} image={cirrus.image} size={96} />
          </div>
          <div className="flex-grow-1">
            <div className="d-flex align-items-center gap-3">
              <h1 className="h3 mb-0">{name}</h1>
              {signedCirrus && !owner && follow.status ? (
                <FollowButton
                  following={follow.status.following}
                  busy={follow.changing}
                  onToggle={follow.toggle}
                />
              ) : null}
              {signedCirrus && !owner ? <MessageButton username={cirrus.username} /> : null}
            </div>
            <p className="text-secondary mb-2">@{cirrus.username}</p>
            {cirrus.location ? <p className="mb-2">{cirrus.location}</p> : null}
            {cirrus.summary ? (
              <p className="mb-3" style={{ whiteSpace: 'pre-line' }}>
                {cirrus.summary}
              </p>
            ) : null}
            {follow.status ? <ProfileCounts username={cirrus.username} status={follow.status} /> : null}
            <nav aria-label="Profile" className="d-flex flex-wrap gap-3">
              {signedCirrus ? (
                <Link to={paths.vellums(cirrus.username)}>{owner ? 'My Vellums' : 'Vellums'}</Link>
              ) : null}
              <Link to={paths.publicVellums(cirrus.username)}>Public Vellums</Link>
              <Link to={paths.followers(cirrus.username)}>Followers</Link>
              <Link to={paths.following(cirrus.username)}>Following</Link>
              <Link to={paths.link(cirrus.username)}>{owner ? 'Edit My Vielink' : 'Vielink'}</Link>
              {owner ? <Link to={paths.actions(cirrus.username)}>My Actions</Link> : null}
            </nav>
            {owner ? (
              <Link className="btn btn-outline-info btn-sm mt-3" to={paths.editCirrus(cirrus.username)}>
                Edit Profile
              </Link>
            ) : null}
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}
