import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { LoadingOverlay, NotFound, useSession } from '@vellum/ui';
import { loadVellumPage } from '../api/loadVellumPage';
import { queryKeys } from '../api/vellumApi';
import { UnloadableVellum, VellumEditorPage } from '../vellum/VellumEditorPage';
import '../styles/editor.css';

/** /vellum/{id}: the single vellum viewer and editor (spec section 2); Not Found unless the server authorises. */
export default function VellumPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const page = useQuery({
    queryKey: queryKeys.vellum(id),
    queryFn: () => loadVellumPage(id),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (session.loading || page.isPending) return <LoadingOverlay show delay={300} />;
  if (page.isError) return <UnloadableVellum />;
  const { vellum } = page.data;
  if (!page.data.viewAuthorized || !vellum) return <NotFound />;
  return (
    <VellumEditorPage
      key={`${vellum.i}/${session.signedCirrus?.username ?? ''}`}
      vellum={vellum}
      isOwner={page.data.isOwner}
    />
  );
}
