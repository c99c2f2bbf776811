import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { deleteAccountMessages, deleteAccountSchema } from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { api, isApiError, useForm, useSession, useToast } from '@vellum/ui/core';

/**
 * The edit page's 'Delete Account' section: a button, then a modal that says what goes and asks for the password.
 * A refusal (wrong password…) shows the server's message in the modal; on success the session is already over (the
 * server ended it), so the page reads the signed-out session, goes to the welcome page and says so.
 */
export function DeleteAccountSection({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const { refresh } = useSession();
  const form = useForm({
    initial: { password: '' },
    schema: deleteAccountSchema,
    failure: (error) => (isApiError(error) ? error.message : deleteAccountMessages.deleteFailed),
    submit: async (values) => {
      await api.post(`/api/cirrus/${encodeURIComponent(username)}/delete`, deleteAccountSchema.parse(values));
      setOpen(false);
      client.clear();
      await refresh();
      navigate('/');
      toast.show(deleteAccountMessages.deleted, 'success');
    },
  });
  const error = form.error('password');
  const close = () => {
    if (form.busy) return;
    setOpen(false);
    form.reset({ password: '' });
  };

  return (
    <section aria-labelledby="delete-account-heading" className="mt-4 border-top pt-3">
      <h2 id="delete-account-heading" className="h5 text-danger">
        Delete Account
      </h2>
      <p className="text-muted">{deleteAccountMessages.explanation}</p>
      <Button variant="outline-danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-account-title">
        <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
          <Modal.Header closeButton>
            <Modal.Title id="delete-account-title" as="h2" className="h5">
              Delete your account?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{deleteAccountMessages.explanation}</p>
            <Form.Group controlId="delete-account-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={form.values.password}
                isInvalid={Boolean(error)}
                onChange={(event) => form.set('password', event.target.value)}
              />
              {error ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
            </Form.Group>
            {form.serverError ? (
              <p className="text-danger mt-2 mb-0" role="alert">
                {form.serverError}
              </p>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="light" onClick={close} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!form.canSubmit}>
              {form.busy ? 'Deleting…' : 'Delete my account'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}
