import { useSearchParams } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import { useTitle } from '@vellum/ui/core';
import { ResetRequestForm } from './ResetRequestForm';
import { ResetTokenForm } from './ResetTokenForm';

/** /password-reset: the email form, or with ?token&email from the mail, the new-password form. */
export default function PasswordResetPage() {
  useTitle('Password Reset');
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email');
  return (
    <Container className="py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Password Reset</h1>
      {token && email ? (
        <ResetTokenForm key={`${token}|${email}`} token={token} email={email} />
      ) : (
        <ResetRequestForm />
      )}
    </Container>
  );
}
