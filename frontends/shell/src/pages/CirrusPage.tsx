import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Avatar, LoadingOverlay, NotFound, api, paths, useIsOwner, useTitle } from '@vellum/ui/core';

export interface ViewedCirrus {
  i: string;
  username: string;
  displayName?: string;
  display_name?: string;
  name?: string;
  image?: string | null;
  imageBackground?: string | null;
  location?: string | null;
  summary?: string | null;
  outstandingActions?: number;
}

/** /cirrus/{username}: the profile. A cirrus that cannot be loaded shows Not Found (spec section 8). */
export default function CirrusPage() {
  const { username = '' } = useParams();
  const owner = useIsOwner(username);
  const query = useQuery({
    queryKey: ['cirrus', username],
    queryFn: () => api.get<{ viewedCirrus: ViewedCirrus }>(`/api/cirrus/${encodeURIComponent(username)}`),
    retry: false,
  });
  const cirrus = query.data?.viewedCirrus;
  const name = cirrus ? cirrus.displayName || cirrus.display_name || cirrus.username : undefined;
  useTitle(name);
  if (query.isPending) return <LoadingOverlay show delay={300} />;
  if (!cirrus) return <NotFound />;
  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <Card className="shadow-sm">
        {cirrus.imageBackground ? (
          <Card.Img
            variant="top"
            src={cirrus.imageBackground}
            alt=""
            style={{ maxHeight: 180, objectFit: 'cover' }}
          />
        ) : null}
        <Card.Body className="d-flex gap-4 align-items-start">
          <Avatar username={cirrus.username} image={cirrus.image} size={96} />
          <div>
            <h1 className="h3 mb-0">{name}</h1>
            <p className="text-secondary mb-2">@{cirrus.username}</p>
            {cirrus.location ? <p className="mb-2">{cirrus.location}</p> : null}
            {cirrus.summary ? <p className="mb-3">{cirrus.summary}</p> : null}
            <nav aria-label="Profile" className="d-flex flex-wrap gap-3">
              <Link to={paths.publicVellums(cirrus.username)}>Public Vellums</Link>
              <Link to={paths.followers(cirrus.username)}>Followers</Link>
              <Link to={paths.following(cirrus.username)}>Following</Link>
              <Link to={paths.link(cirrus.username)}>{owner ? 'Edit My Vielink' : 'Vielink'}</Link>
              {owner ? <Link to={paths.actions(cirrus.username)}>My Actions</Link> : null}
            </nav>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}
