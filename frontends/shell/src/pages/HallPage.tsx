import Container from 'react-bootstrap/Container';
import { useTitle } from '@vellum/ui/core';

/** The signed-in home: an empty page titled Hall (spec section 2: any other content is not shown). */
export default function HallPage() {
  useTitle('Hall');
  return (
    <Container className="py-5" data-testid="hall">
      <h1 className="h3">Hall</h1>
    </Container>
  );
}
