import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { LoadingOverlay, api, paths, useAuthModals, useSession, useTitle } from '@vellum/ui/core';
import { EmailRequestModal } from './EmailRequestModal';
import {
  SEND_NEW_VERIFICATION_LINK,
  VERIFICATION_FAILED,
  verificationSent,
  verificationSucceeded,
} from '../texts';

type State =
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'failed' }
  | { kind: 'sent'; email: string };

/** /verification/email/{token}?email=...: the link from the verification mail. */
export default function VerificationPage() {
  useTitle('Email Verification');
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const { signedCirrus, refresh } = useSession();
  const { openSignIn } = useAuthModals();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [modal, setModal] = useState(false);
  const asked = useRef('');

  useEffect(() => {
    const key = `${token}|${email}`;
    if (asked.current === key) return; // one request per link, even when effects run twice
    asked.current = key;
    api
      .post<{ status: string; email?: string }>('/api/verification/email', { email, token })
      .then((answer) => {
        setState({ kind: 'verified', email: answer?.email ?? email });
        void refresh();
      })
      .catch((error: unknown) => {
        console.error('Verification failed', error);
        setState({ kind: 'failed' });
      });
  }, [token, email, refresh]);

  if (state.kind === 'verified' && signedCirrus)
    return <Navigate to={paths.vellums(signedCirrus.username)} replace />;

  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">Email Verification</h1>
      <LoadingOverlay show={state.kind === 'checking'} delay={300} />
      {state.kind === 'verified' ? (
        <>
          <Alert variant="success" data-testid="verification-result">
            {verificationSucceeded(state.email)}
          </Alert>
          <Button variant="info" onClick={() => openSignIn()}>
            Sign In
          </Button>
        </>
      ) : null}
      {state.kind === 'failed' || state.kind === 'sent' ? (
        <>
          {state.kind === 'failed' ? (
            <Alert variant="warning" data-testid="verification-result">
              {VERIFICATION_FAILED}
            </Alert>
          ) : (
            <Alert variant="info" data-testid="verification-result">
              {verificationSent(state.email)}
            </Alert>
          )}
          <Button variant="info" onClick={() => setModal(true)}>
            {SEND_NEW_VERIFICATION_LINK}
          </Button>
          <EmailRequestModal
            show={modal}
            initialEmail={email}
            onHide={() => setModal(false)}
            onSent={(sentTo) => {
              setModal(false);
              setState({ kind: 'sent', email: sentTo });
            }}
          />
        </>
      ) : null}
    </Container>
  );
}
