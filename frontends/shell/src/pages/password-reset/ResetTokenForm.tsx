import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { resetPasswordFormSchema, validationMessages } from '@vellum/proto/api';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadingOverlay, api, fieldErrors, isApiError, paths, useAuthModals, useForm } from '@vellum/ui/core';
import { allFilled, withMismatch } from '../../auth/validation';
import { PASSWORD_CHANGED, RESET_LINK_INVALID } from '../texts';

type Phase = 'checking' | 'form' | 'invalid' | 'done';
type Field = 'password' | 'repeat_password';

export function ResetTokenForm({ token, email }: { token: string; email: string }) {
  const { openSignIn } = useAuthModals();
  const [phase, setPhase] = useState<Phase>('checking');

  useEffect(() => {
    let current = true;
    api
      .post<{ allowed: boolean }>('/api/password-reset/token', { email, token })
      .then((answer) => current && setPhase(answer?.allowed ? 'form' : 'invalid'))
      .catch((error: unknown) => {
        console.error('Reset link check failed', error);
        if (current) setPhase('invalid');
      });
    return () => {
      current = false;
    };
  }, [token, email]);

  const form = useForm<Record<Field, string>>({
    initial: { password: '', repeat_password: '' },
    // The form schema also checks the token of the link.
    validate: (values) =>
      withMismatch<Field | 'token'>(
        fieldErrors(resetPasswordFormSchema, { token, ...values }),
        { token, ...values },
        'password',
        'repeat_password',
        validationMessages.resetPasswordMismatch,
      ),
    ready: (values, errors) => allFilled(values) && !errors.password && !errors.repeat_password,
    failure: (error) => {
      const message = isApiError(error) ? error.message : 'The password could not be changed.';
      if (message !== RESET_LINK_INVALID) return message;
      setPhase('invalid');
      return null;
    },
    submit: async (values) => {
      await api.post('/api/password-reset', { token, password: values.password });
      setPhase('done');
    },
  });
  const { values, serverError } = form;

  if (phase === 'checking') return <LoadingOverlay show delay={300} />;
  if (phase === 'invalid') {
    return (
      <>
        <Alert variant="warning" data-testid="reset-invalid">
          {RESET_LINK_INVALID}
        </Alert>
        <Link to={paths.discover()}>Discover Vellums</Link>
      </>
    );
  }
  if (phase === 'done') {
    return (
      <>
        <Alert variant="success" data-testid="reset-done">
          {PASSWORD_CHANGED}
        </Alert>
        <Button variant="info" onClick={() => openSignIn({ next: paths.hall() })}>
          Sign In
        </Button>
      </>
    );
  }
  const field = (name: Field, label: string) => {
    const error = form.error(name);
    return (
      <Form.Group className="mb-3" controlId={`reset-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={values[name]}
          isInvalid={Boolean(error)}
          onChange={(event) => form.set(name, event.target.value)}
        />
        {error ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      </Form.Group>
    );
  };
  return (
    <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <p>
        Choose a new password for <strong>{email}</strong>.
      </p>
      {field('password', 'New Password')}
      {field('repeat_password', 'Retype New Password')}
      {serverError ? (
        <p className="text-danger" role="alert">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" variant="info" disabled={!form.canSubmit}>
        Reset Password
      </Button>
    </Form>
  );
}
