import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_FIELDS,
  PROFILE_SUMMARY_MAX,
  profileImageSchema,
  profileMessages,
  profileSchema,
  type ProfileForm,
} from '@vellum/proto/api';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import {
  api,
  Avatar,
  isApiError,
  LoadingOverlay,
  NotFound,
  paths,
  useForm,
  useIsOwner,
  useSession,
  useTitle,
  useToast,
  type FieldErrors,
} from '@vellum/ui/core';
import type { ViewedCirrus } from '../CirrusPage';
import { useViewedCirrus, viewedCirrusKey } from '../social/useViewedCirrus';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { PresenceSection } from './PresenceSection';
import { SessionsSection } from './SessionsSection';

type Field = keyof ProfileForm;

/** The form's values from the profile as identity answers it (a field that is none is empty). */
export function profileFormOf(cirrus: ViewedCirrus): ProfileForm {
  return {
    displayName: cirrus.displayName || cirrus.display_name || '',
    firstName: cirrus.firstName ?? '',
    lastName: cirrus.lastName ?? '',
    location: cirrus.location ?? '',
    summary: cirrus.summary ?? '',
    image: cirrus.image ?? '',
    imageBackground: cirrus.imageBackground ?? '',
  };
}

const differs = (a: ProfileForm, b: ProfileForm) => PROFILE_FIELDS.some((field) => a[field] !== b[field]);

/** The per-field messages of a refused save (`fieldErrors` of the service's 400), else none. */
function serverFieldErrors(error: unknown): FieldErrors<ProfileForm> {
  if (!isApiError(error) || error.status !== 400) return {};
  const fields = (error.body as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!fields || typeof fields !== 'object') return {};
  const errors: FieldErrors<ProfileForm> = {};
  for (const field of PROFILE_FIELDS) {
    const message = (fields as Record<string, unknown>)[field];
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}

/** Every cached answer that shows a cirrus's name or avatar: vellum lists and pages, people lists, search. */
const NAMED_QUERIES = [
  ['vellums'],
  ['vellum'],
  ['followers'],
  ['following'],
  ['search'],
  ['conversation-vellum'],
];

/**
 * /cirrus/{username}/edit: the owner's profile form (spec section 2 lists it as hidden; issue 18 makes it real).
 * Not Found for everyone else, without asking the server.
 */
export default function EditProfilePage() {
  const { username = '' } = useParams();
  const { loading } = useSession();
  const owner = useIsOwner(username);
  const query = useViewedCirrus(username, owner);
  if (loading) return <LoadingOverlay show delay={300} />;
  if (!owner) return <NotFound />;
  if (query.isPending) return <LoadingOverlay show delay={300} />;
  if (!query.data) return <NotFound />;
  return <ProfileEditor key={username} cirrus={query.data} />;
}

function ProfileEditor({ cirrus }: { cirrus: ViewedCirrus }) {
  useTitle('Edit Profile');
  const client = useQueryClient();
  const toast = useToast();
  const { refresh } = useSession();
  const [saved, setSaved] = useState(() => profileFormOf(cirrus));
  const [serverErrors, setServerErrors] = useState<FieldErrors<ProfileForm>>({});
  const form = useForm<ProfileForm>({
    initial: saved,
    schema: profileSchema,
    ready: (values, errors) => Object.keys(errors).length === 0 && differs(values, saved),
    failure: (error) => {
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length > 0) return null;
      return isApiError(error) ? error.message : profileMessages.saveFailed;
    },
    submit: async (values, { reset }) => {
      const answer = await api.put<{ viewedCirrus: ViewedCirrus }>(
        `/api/cirrus/${encodeURIComponent(cirrus.username)}/profile`,
        values,
      );
      client.setQueryData(viewedCirrusKey(cirrus.username), answer);
      for (const queryKey of NAMED_QUERIES) void client.invalidateQueries({ queryKey });
      const next = profileFormOf(answer.viewedCirrus);
      setSaved(next);
      reset(next);
      setServerErrors({});
      toast.show(profileMessages.saved, 'success');
      // The top bar's name and avatar.
      void refresh();
    },
  });
  const { values } = form;
  const errorOf = (field: Field) => form.error(field) ?? serverErrors[field];
  const change = (field: Field, value: string) => {
    form.set(field, value);
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const field = (name: Field, label: string, control: ReactNode, hint?: ReactNode) => {
    const error = errorOf(name);
    return (
      <Form.Group className="mb-3" controlId={`profile-${name}`}>
        <Form.Label>{label}</Form.Label>
        {control}
        {error ? (
          <Form.Control.Feedback type="invalid" id={`profile-${name}-error`} className="d-block">
            {error}
          </Form.Control.Feedback>
        ) : null}
        {hint}
      </Form.Group>
    );
  };
  const input = (name: Field, autoComplete: string) => (
    <Form.Control
      type="text"
      name={name}
      value={values[name]}
      autoComplete={autoComplete}
      isInvalid={Boolean(errorOf(name))}
      aria-invalid={Boolean(errorOf(name)) || undefined}
      aria-describedby={errorOf(name) ? `profile-${name}-error` : undefined}
      onChange={(event) => change(name, event.target.value)}
    />
  );
  // The preview shows the image only once it is an address the service takes; otherwise the generated avatar.
  const image = profileImageSchema.safeParse(values.image);
  const preview = image.success && image.data !== '' ? image.data : null;
  const background = /^#[0-9a-f]{3,8}$/i.test(values.imageBackground.trim())
    ? values.imageBackground.trim()
    : undefined;

  return (
    <Container className="py-5" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-4">Edit Profile</h1>
      <Card className="shadow-sm">
        <Card.Body>
          <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
            {field('displayName', 'Display Name', input('displayName', 'nickname'))}
            <div className="row">
              <div className="col-md-6">
                {field('firstName', 'First Name', input('firstName', 'given-name'))}
              </div>
              <div className="col-md-6">
                {field('lastName', 'Last Name', input('lastName', 'family-name'))}
              </div>
            </div>
            {field('location', 'Location', input('location', 'address-level2'))}
            {field(
              'summary',
              'Summary',
              <Form.Control
                as="textarea"
                rows={4}
                name="summary"
                value={values.summary}
                isInvalid={Boolean(errorOf('summary'))}
                aria-invalid={Boolean(errorOf('summary')) || undefined}
                aria-describedby={errorOf('summary') ? 'profile-summary-error' : 'profile-summary-count'}
                onChange={(event) => change('summary', event.target.value)}
              />,
              <Form.Text id="profile-summary-count" className="text-secondary">
                {[...values.summary.trim()].length} / {PROFILE_SUMMARY_MAX}
              </Form.Text>,
            )}
            <div className="d-flex gap-4 align-items-start">
              <div
                data-testid="profile-preview"
                className="rounded-circle p-1 flex-shrink-0"
                style={{ background: background ?? 'transparent' }}
              >
                <Avatar username={cirrus.username} image={preview} size={96} />
              </div>
              <div className="flex-grow-1">
                {field(
                  'image',
                  'Image (https address)',
                  <Form.Control
                    type="url"
                    name="image"
                    inputMode="url"
                    placeholder="https://… (empty for the generated avatar)"
                    value={values.image}
                    isInvalid={Boolean(errorOf('image'))}
                    aria-invalid={Boolean(errorOf('image')) || undefined}
                    aria-describedby={errorOf('image') ? 'profile-image-error' : undefined}
                    onChange={(event) => change('image', event.target.value)}
                  />,
                )}
                {field(
                  'imageBackground',
                  'Image Background',
                  <div className="d-flex gap-2">
                    <Form.Control
                      type="text"
                      name="imageBackground"
                      placeholder="#337ab7 (empty for none)"
                      value={values.imageBackground}
                      isInvalid={Boolean(errorOf('imageBackground'))}
                      aria-invalid={Boolean(errorOf('imageBackground')) || undefined}
                      aria-describedby={
                        errorOf('imageBackground') ? 'profile-imageBackground-error' : undefined
                      }
                      onChange={(event) => change('imageBackground', event.target.value)}
                    />
                    {/* A plain input: inside the group, Form.Control would take the text field's id. */}
                    <input
                      type="color"
                      className="form-control form-control-color"
                      id="profile-imageBackground-picker"
                      aria-label="Pick the image background"
                      title="Pick the image background"
                      value={sixDigits(background)}
                      onChange={(event) => change('imageBackground', event.target.value)}
                    />
                  </div>,
                )}
              </div>
            </div>
            {form.serverError ? (
              <p className="text-danger" role="alert">
                {form.serverError}
              </p>
            ) : null}
            <div className="d-flex justify-content-end gap-2">
              <Link className="btn btn-outline-secondary" to={paths.cirrus(cirrus.username)}>
                Back to Profile
              </Link>
              <Button type="submit" variant="info" disabled={!form.canSubmit}>
                {form.busy ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </Form>
          <ChangePasswordSection />
          <PresenceSection />
          <SessionsSection />
          <DeleteAccountSection username={cirrus.username} />
        </Card.Body>
      </Card>
    </Container>
  );
}

/** A colour input takes #rrggbb only: #rgb is spelled out, anything else starts from white. */
function sixDigits(colour: string | undefined): string {
  if (!colour) return '#ffffff';
  if (/^#[0-9a-f]{3,4}$/i.test(colour)) {
    const [r, g, b] = colour.slice(1, 4);
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return colour.slice(0, 7).toLowerCase();
}
