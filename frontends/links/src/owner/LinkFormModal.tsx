import { useId } from 'react';
import { Button, Form, Modal, useForm } from '@vellum/ui';
import { LINK_LABEL_MAX, LINK_URL_MAX, linkMessages, linkSchema, type LinkView } from '@vellum/proto/api';
import { linksApi, type LinkBody } from '../api/linksApi';
import type { LinkChanges } from './useLinkChanges';

interface Props {
  username: string;
  /** The link to edit, or null to add one. */
  link: LinkView | null;
  changes: LinkChanges;
  onClose(): void;
}

/**
 * The Add Link and Edit Link modal: label and URL, checked by the service's own schema (trimmed, 1 to 32 and 1 to
 * 360 characters, an http or https address); its button stays disabled until both are set and valid. Success
 * closes it with 'Added Link for {label}.' or 'Edited Link for {label}.'; a refusal shows the server's message in
 * an error toast and keeps the modal open.
 */
export function LinkFormModal({ username, link, changes, onClose }: Props) {
  const id = useId();
  const editing = link !== null;
  const form = useForm<LinkBody>({
    initial: () => ({ linkLabel: link?.link_label ?? '', linkURL: link?.link_url ?? '' }),
    schema: linkSchema,
    failure: (error) => {
      changes.failed(error, editing ? 'The Link could not be edited.' : 'The Link could not be added.');
      return null;
    },
    submit: async (values) => {
      const body = { linkLabel: values.linkLabel.trim(), linkURL: values.linkURL.trim() };
      const answer = editing ? await linksApi.edit(link._id, body) : await linksApi.add(username, body);
      changes.setLinks(answer.links);
      void changes.linksChanged();
      const label = answer.link.link_label;
      changes.done(editing ? linkMessages.edited(label) : linkMessages.added(label));
      onClose();
    },
  });
  const title = editing ? 'Edit Link' : 'Add Link';
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={(event) => void form.onSubmit(event)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={`${id}-title`}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${id}-label`}>
            <Form.Label>Label</Form.Label>
            <Form.Control
              value={form.values.linkLabel}
              autoFocus
              maxLength={LINK_LABEL_MAX * 2}
              isInvalid={form.error('linkLabel') !== undefined}
              onChange={(event) => form.set('linkLabel', event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{form.error('linkLabel')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${id}-url`}>
            <Form.Label>URL</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              value={form.values.linkURL}
              maxLength={LINK_URL_MAX * 2}
              isInvalid={form.error('linkURL') !== undefined}
              onChange={(event) => form.set('linkURL', event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{form.error('linkURL')}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="light" onClick={onClose} disabled={form.busy}>
            Cancel
          </Button>
          <Button type="submit" variant="info" disabled={!form.canSubmit}>
            {editing ? 'Save' : 'Add'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
