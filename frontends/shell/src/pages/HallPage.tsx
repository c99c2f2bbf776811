import Container from 'react-bootstrap/Container';
import { useSession, useTitle } from '@vellum/ui/core';
import HallSections from './hall/HallSections';

/**
 * /hall, the signed-in home (the spec's empty page titled Hall): recently edited vellums, open actions, unread
 * conversations and the newest vellums of the cirri one follows. A visitor sees the empty page. A section of its
 * own (routes.tsx), so the welcome page carries nothing of it.
 */
export default function HallPage() {
  useTitle('Hall');
  const { signedCirrus } = useSession();
  return (
    <Container className="py-5" data-testid="hall">
      <h1 className="h3 mb-4">Hall</h1>
      {signedCirrus ? <HallSections /> : null}
    </Container>
  );
}
