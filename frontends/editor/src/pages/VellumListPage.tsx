import { useParams } from 'react-router-dom';
import { LoadingOverlay, NotFound, useSession } from '@vellum/ui';
import { CirrusVellums } from '../lists/CirrusVellums';
import '../styles/lists.css';

/** /cirrus/{username}/vellums: signed-in only (spec sections 2 and 6); others' lists hold their public vellums. */
export default function VellumListPage() {
  const { username = '' } = useParams();
  const { signedCirrus, loading } = useSession();
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!signedCirrus) return <NotFound />;
  return <CirrusVellums key={username} username={username} publicOnly={false} />;
}
