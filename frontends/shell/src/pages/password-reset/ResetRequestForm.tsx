import { useState, type FormEvent } from 'react';
import { emailRequestSchema } from '@vellum/proto';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api, isApiError } from '@vellum/ui/core';
import { fieldErrors } from '../../auth/validation';
import { resetRequested } from '../texts';

export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const error = fieldErrors<'email'>(emailRequestSchema, { email }).email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error || busy) return;
    const payload = emailRequestSchema.parse({ email });
    setBusy(true);
    setRefused(null);
    try {
      await api.post('/api/password-reset/send', payload);
      setSentTo(payload.email);
    } catch (failure) {
      // Too many requests is worth saying; anything else gets the same answer as a success, so nobody
      // learns from this form which addresses are registered.
      if (isApiError(failure) && failure.status === 429) setRefused(failure.message);
      else setSentTo(payload.email);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={submit}>
      {sentTo ? (
        <Alert variant="info" data-testid="reset-requested">
          {resetRequested(sentTo)}
        </Alert>
      ) : (
        <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      )}
      {refused ? <Alert variant="danger">{refused}</Alert> : null}
      <Form.Group className="mb-3" controlId="reset-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          value={email}
          isInvalid={touched && Boolean(error)}
          onChange={(event) => {
            setEmail(event.target.value);
            setTouched(true);
          }}
        />
        {touched && error ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      </Form.Group>
      <Button type="submit" variant="info" disabled={Boolean(error) || busy}>
        Send Password Reset Link
      </Button>
    </Form>
  );
}
