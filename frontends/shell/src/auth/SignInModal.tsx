import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { signInSchema } from '@vellum/proto/api';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { api, paths, useForm, useSession, type SignedCirrus } from '@vellum/ui/core';
import { NOT_VERIFIED, signInErrorMessage } from './signInErrors';
import { SIGN_IN_REDIRECT_DELAY_MS, afterSignIn } from './signInRedirect';

/** Spec section 5: both sign-in inputs are at most 40 characters. */
const MAX_LENGTH = 40;

export interface SignInModalProps {
  show: boolean;
  onHide(): void;
  onSignUp(): void;
}

export function SignInModal({ show, onHide, onSignUp }: SignInModalProps) {
  const { refresh } = useSession();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm({
    initial: { email: '', password: '' },
    schema: signInSchema,
    ready: ({ email, password }, errors) =>
      email.trim() !== '' && password !== '' && Object.keys(errors).length === 0,
    // After signing in the modal stays busy until the page moves on.
    keepBusy: true,
    failure: signInErrorMessage,
    submit: async (values) => {
      // The schema trims and lower-cases the email (spec section 5).
      await api.post<{ signedCirrus: SignedCirrus }>('/api/signin', signInSchema.parse(values));
      const signed = await refresh();
      const pathname = location.pathname;
      timer.current = setTimeout(
        () => afterSignIn(signed?.username ?? '', pathname),
        SIGN_IN_REDIRECT_DELAY_MS,
      );
    },
  });
  const { email, password } = form.values;
  const error = form.serverError;

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="sign-in-title">
      <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="sign-in-title" as="h2" className="h5">
            Sign In
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? (
            <Alert variant="danger" data-testid="sign-in-error">
              {error}
              {error === NOT_VERIFIED ? (
                <>
                  {' '}
                  <Link to={paths.verificationRequest()} onClick={onHide} className="alert-link">
                    Verify Email
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId="sign-in-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              name="email"
              autoComplete="username"
              maxLength={MAX_LENGTH}
              value={email}
              onChange={(event) => form.set('email', event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="sign-in-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              name="password"
              autoComplete="current-password"
              maxLength={MAX_LENGTH}
              value={password}
              onChange={(event) => form.set('password', event.target.value)}
            />
          </Form.Group>
          <div className="d-flex justify-content-between small">
            <Button variant="link" className="p-0 small" onClick={onSignUp}>
              Create an account
            </Button>
            <Link to={paths.passwordReset()} onClick={onHide}>
              Reset your password
            </Link>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="light" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="info" disabled={!form.canSubmit}>
            Sign In
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
