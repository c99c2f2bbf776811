import { emailRequestSchema } from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { api, useForm } from '@vellum/ui/core';
import { SEND_NEW_VERIFICATION_LINK } from '../texts';

export interface EmailRequestModalProps {
  show: boolean;
  initialEmail?: string;
  onHide(): void;
  /** Called with the lower-cased address once the request went out, whatever the server said. */
  onSent(email: string): void;
}

/** Asks for a new verification link. Failures are swallowed: the same 'sent if registered' message shows. */
export function EmailRequestModal({ show, initialEmail = '', onHide, onSent }: EmailRequestModalProps) {
  const form = useForm({
    initial: { email: initialEmail },
    schema: emailRequestSchema,
    submit: async (values) => {
      const payload = emailRequestSchema.parse(values);
      try {
        await api.put('/api/verification/email', payload);
      } catch (failure) {
        console.error('Verification request failed', failure);
      }
      onSent(payload.email);
    },
  });
  const { email } = form.values;
  const error = form.error('email');

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="verification-request-title">
      <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="verification-request-title" as="h2" className="h5">
            {SEND_NEW_VERIFICATION_LINK}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="verification-email">
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
        </Modal.Body>
        <Modal.Footer>
          <Button variant="light" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="info" disabled={!form.canSubmit}>
            Send
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
