import { useSearchParams } from 'react-router-dom';
import { LoadingOverlay, NotFound, useSession } from '@vellum/ui';
import { NewVellumForm } from '../vellum/NewVellumForm';
import { CreateEmptyVellum } from '../vellum/CreateEmptyVellum';
import '../styles/editor.css';

/**
 * /new-vellum (spec section 2): signed-in only, otherwise Not Found. `?empty=1` is the variant that creates an
 * empty vellum at once and opens it.
 */
export default function NewVellumPage() {
  const { signedCirrus, loading } = useSession();
  const [params] = useSearchParams();
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!signedCirrus) return <NotFound />;
  if (params.get('empty') === '1') return <CreateEmptyVellum />;
  return <NewVellumForm username={signedCirrus.username} />;
}
