import { useState } from 'react';
import { emailRequestSchema } from '@vellum/proto/api';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api, isApiError, useForm } from '@vellum/ui/core';
import { resetRequested } from '../texts';

export function ResetRequestForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The server error shown is the refusal of too many requests (429).
  const form = useForm({
    initial: { email: '' },
    schema: emailRequestSchema,
    submit: async (values) => {
      const payload = emailRequestSchema.parse(values);
      try {
        await api.post('/api/password-reset/send', payload);
      } catch (failure) {
        // Too many requests is worth saying; anything else gets the same answer as a success, so nobody
        // learns from this form which addresses are registered.
        if (isApiError(failure) && failure.status === 429) throw failure;
      }
      setSentTo(payload.email);
    },
  });
  const { email } = form.values;
  const error = form.error('email');
  const refused = form.serverError;

  return (
    <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
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
          isInvalid={Boolean(error)}
          onChange={(event) => form.set('email', event.target.value)}
        />
        {error ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      </Form.Group>
      <Button type="submit" variant="info" disabled={!form.canSubmit}>
        Send Password Reset Link
      </Button>
    </Form>
  );
}
