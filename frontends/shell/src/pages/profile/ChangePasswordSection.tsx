import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordFormSchema, changePasswordSchema, sessionMessages } from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api, isApiError, useForm } from '@vellum/ui/core';
import { ownSessionsKey } from './SessionsSection';

const EMPTY = { currentPassword: '', password: '', repeat_password: '' };
type Field = keyof typeof EMPTY;

/**
 * The edit page's 'Change Password' section: the current password, the new one and its repeat (sign-up's rule and
 * messages, from @vellum/proto). On success every other session of the account has ended (the server says how
 * many); this one stays signed in, and the list of sessions is read again.
 */
export function ChangePasswordSection() {
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initial: EMPTY,
    schema: changePasswordFormSchema,
    clearServerErrorOnChange: true,
    failure: (error) => (isApiError(error) ? error.message : sessionMessages.changeFailed),
    submit: async (values, { reset }) => {
      setDone(null);
      const answer = await api.post<{ endedSessions: number }>(
        '/api/password',
        changePasswordSchema.parse(values),
      );
      reset(EMPTY);
      const others = answer.endedSessions;
      setDone(
        `${sessionMessages.changed} ${others === 1 ? '1 other session was' : `${others} other sessions were`} ended.`,
      );
      void client.invalidateQueries({ queryKey: ownSessionsKey });
    },
  });
  const input = (name: Field, label: string, autoComplete: string) => {
    const error = form.error(name);
    return (
      <Form.Group className="mb-3" controlId={`change-password-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type="password"
          name={name}
          autoComplete={autoComplete}
          value={form.values[name]}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `change-password-${name}-error` : undefined}
          onChange={(event) => {
            setDone(null);
            form.set(name, event.target.value);
          }}
        />
        {error ? (
          <Form.Control.Feedback type="invalid" id={`change-password-${name}-error`}>
            {error}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
    );
  };

  return (
    <section aria-labelledby="change-password-heading" className="mt-4 border-top pt-3">
      <h2 id="change-password-heading" className="h5">
        Change Password
      </h2>
      <p className="text-muted">
        Changing your password signs you out everywhere else; this device stays signed in.
      </p>
      <Form
        noValidate
        onSubmit={(event) => void form.onSubmit(event)}
        aria-labelledby="change-password-heading"
      >
        {input('currentPassword', 'Current Password', 'current-password')}
        <div className="row">
          <div className="col-md-6">{input('password', 'New Password', 'new-password')}</div>
          <div className="col-md-6">{input('repeat_password', 'Repeat New Password', 'new-password')}</div>
        </div>
        {form.serverError ? (
          <p className="text-danger" role="alert">
            {form.serverError}
          </p>
        ) : null}
        <p className="text-success" role="status">
          {done}
        </p>
        <div className="d-flex justify-content-end">
          <Button type="submit" variant="info" disabled={!form.canSubmit}>
            {form.busy ? 'Changing…' : 'Change Password'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
