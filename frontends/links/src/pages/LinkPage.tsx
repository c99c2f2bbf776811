import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Container,
  isApiError,
  LoadingOverlay,
  NotFound,
  possessive,
  useSession,
  useTitle,
} from '@vellum/ui';
import type { LinkPageView } from '@vellum/proto/api';
import { linkKeys, linksApi } from '../api/linksApi';
import { readableOn } from '../links/colours';
import { LinkList } from '../links/LinkList';
import { masterLink, MasterLink } from '../links/MasterLink';
import { QrCode } from '../links/QrCode';

// The owner's tools (forms, colour pickers, clicks, drag and drop) load only for the owner.
const OwnerPanel = lazy(() => import('../owner/OwnerPanel'));

function Vielink({ page, owner }: { page: LinkPageView; owner: boolean }) {
  useTitle(`${possessive(page.displayName || page.username)} Vielink`);
  const url = masterLink(page.username);
  return (
    <div
      className="flex-grow-1 py-4"
      style={{ backgroundColor: page.linkBackgroundColor, color: readableOn(page.linkBackgroundColor) }}
      data-testid="vielink"
    >
      <Container className="text-center" style={{ maxWidth: 640 }}>
        <Avatar username={page.username} image={page.image || null} size={96} />
        <h1 className="h3 mt-3 mb-0 text-break">{page.displayName || page.username}</h1>
        <p className="mb-2">@{page.username}</p>
        <MasterLink url={url} />
        <div className="mb-4">
          <QrCode value={url} fileName={`${page.username}-vielink-qr.svg`} />
        </div>
        {owner ? (
          <Suspense fallback={<LinkList page={page} />}>
            <OwnerPanel page={page} />
          </Suspense>
        ) : (
          <LinkList page={page} />
        )}
      </Container>
    </div>
  );
}

/**
 * /link/{username}: a person's Vielink (spec section 2): avatar, display name, @username, the master link (a click
 * copies it) with its QR code, and the links in the page's colours. Its owner also adds, edits, deletes, recolours
 * and reorders the links and sees their clicks. Not Found for an unknown username.
 */
export default function LinkPage() {
  const { username = '' } = useParams();
  const { signedCirrus } = useSession();
  const page = useQuery({
    queryKey: linkKeys.page(username),
    queryFn: () => linksApi.page(username),
    staleTime: 0,
  });
  if (page.isPending) return <LoadingOverlay show delay={300} />;
  if (page.isError) {
    if (isApiError(page.error) && page.error.status !== 404) {
      return (
        <Container className="py-4" style={{ maxWidth: 640 }}>
          <Alert variant="danger">{page.error.message}</Alert>
        </Container>
      );
    }
    return <NotFound />;
  }
  const owner = Boolean(
    signedCirrus && signedCirrus.username.toLowerCase() === page.data.username.toLowerCase(),
  );
  return <Vielink page={page.data} owner={owner} />;
}
