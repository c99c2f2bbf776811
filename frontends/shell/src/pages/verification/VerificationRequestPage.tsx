import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, paths, useSession, useTitle } from '@vellum/ui/core';
import { EmailRequestModal } from './EmailRequestModal';
import { SEND_NEW_VERIFICATION_LINK, VERIFY_NOTICE, verificationSent } from '../texts';

/** /verification/email: ask for a new link. Signed-in users have nothing to verify and go to their profile. */
export default function VerificationRequestPage() {
  useTitle('Email Verification');
  const { signedCirrus, loading } = useSession();
  const [modal, setModal] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (loading) return <LoadingOverlay show delay={300} />;
  if (signedCirrus) return <Navigate to={paths.cirrus(signedCirrus.username)} replace />;
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">Email Verification</h1>
      {sentTo ? (
        <Alert variant="info" data-testid="verification-sent">
          {verificationSent(sentTo)}
        </Alert>
      ) : (
        <Alert variant="info">{VERIFY_NOTICE}</Alert>
      )}
      <Button variant="info" onClick={() => setModal(true)}>
        {SEND_NEW_VERIFICATION_LINK}
      </Button>
      <EmailRequestModal
        show={modal}
        onHide={() => setModal(false)}
        onSent={(email) => {
          setModal(false);
          setSentTo(email);
        }}
      />
    </Container>
  );
}
