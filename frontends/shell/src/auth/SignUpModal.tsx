import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { signUpFormSchema, signUpSchema, validationMessages } from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { api, paths, useForm } from '@vellum/ui/core';
import { MessageModal } from '@vellum/ui';
import { PasswordChecklist } from './PasswordChecklist';
import { UsernameAvailability, useUsernameAvailability } from './UsernameAvailability';
import { allFilled, withMismatch } from './validation';

type Field = 'username' | 'email' | 'first_name' | 'last_name' | 'password' | 'repeat_password';

const EMPTY: Record<Field, string> = {
  username: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  repeat_password: '',
};

const FIELDS: ReadonlyArray<{ name: Field; label: string; type: string; autoComplete: string }> = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'first_name', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'repeat_password', label: 'Repeat Password', type: 'password', autoComplete: 'new-password' },
];

export interface SignUpModalProps {
  show: boolean;
  onHide(): void;
  onSignIn(): void;
}

/** The create-account modal (spec sections 2 and 5): every message comes from @vellum/proto's schemas. */
export function SignUpModal({ show, onHide, onSignIn }: SignUpModalProps) {
  const [created, setCreated] = useState(false);
  const form = useForm({
    initial: EMPTY,
    schema: signUpFormSchema,
    validate: (values, errors) =>
      withMismatch<Field>(
        errors,
        values,
        'password',
        'repeat_password',
        validationMessages.signUpPasswordMismatch,
      ),
    // `availability` is read when the form renders, below.
    ready: (values, errors) => allFilled(values) && Object.keys(errors).length === 0,
    clearServerErrorOnChange: true,
    fallback: 'Your account could not be created.',
    submit: async (values, { reset, setServerError }) => {
      const payload = signUpSchema.parse(values);
      const answer = await api.post<{ status: string; errorMessage?: string }>('/api/cirrus/create', payload);
      if (answer?.status === 'Success') {
        reset();
        setCreated(true);
        onHide();
      } else {
        setServerError(answer?.errorMessage ?? 'Your account could not be created.');
      }
    },
  });
  const { values, errors, serverError } = form;
  const availability = useUsernameAvailability(values.username);
  const canCreate = form.canSubmit && availability !== 'unavailable';

  const submit = (event: FormEvent) => {
    if (canCreate) void form.onSubmit(event);
    else event.preventDefault();
  };

  return (
    <>
      <Modal show={show} onHide={onHide} centered aria-labelledby="sign-up-title">
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton>
            <Modal.Title id="sign-up-title" as="h2" className="h5">
              Create your Vellum account
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {FIELDS.map(({ name, label, type, autoComplete }) => {
              const error = form.error(name);
              return (
                <Form.Group className="mb-3" controlId={`sign-up-${name}`} key={name}>
                  <div className="d-flex justify-content-between align-items-baseline">
                    <Form.Label>{label}</Form.Label>
                    {name === 'username' && !errors.username ? (
                      <UsernameAvailability availability={availability} />
                    ) : null}
                  </div>
                  <Form.Control
                    type={type}
                    name={name}
                    value={values[name]}
                    autoComplete={autoComplete}
                    isInvalid={Boolean(error)}
                    aria-describedby={error ? `sign-up-${name}-error` : undefined}
                    onChange={(event) => form.set(name, event.target.value)}
                  />
                  {error ? (
                    <Form.Control.Feedback type="invalid" id={`sign-up-${name}-error`}>
                      {error}
                    </Form.Control.Feedback>
                  ) : null}
                  {name === 'password' ? <PasswordChecklist password={values.password} /> : null}
                </Form.Group>
              );
            })}
            {serverError ? (
              <p className="text-danger mb-2" role="alert" data-testid="sign-up-server-error">
                {serverError}
              </p>
            ) : null}
            <p className="small text-secondary mb-0">
              By creating an account you agree to the{' '}
              <Link to={paths.terms()} onClick={onHide}>
                Terms
              </Link>
              , the{' '}
              <Link to={paths.rules()} onClick={onHide}>
                Rules
              </Link>{' '}
              and the{' '}
              <Link to={paths.privacy()} onClick={onHide}>
                Privacy Policy
              </Link>
              .
            </p>
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <Button variant="link" className="px-0" onClick={onSignIn}>
              Already have an account? Sign In
            </Button>
            <Button type="submit" variant="info" disabled={!canCreate}>
              Create
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
      <MessageModal
        show={created}
        title="Your account has been created"
        buttonText="Sounds good!"
        onClose={() => setCreated(false)}
      >
        Check your email and open the link we sent to verify your account. Then sign in and create your first
        Vellum.
      </MessageModal>
    </>
  );
}
