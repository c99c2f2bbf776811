import { useState } from 'react';
import { Alert, Button, Form, MessageModal, Modal, useForm } from '@vellum/ui';
import { actionMessages, DEFAULT_PRIORITY } from '@vellum/proto/api';
import { actionsApi } from '../api/actionsApi';
import { ActionFields, draftIsValid, type ActionDraft } from '../actions/ActionFields';

// The props the shell mounts this module with: the registry of remotes owns them (@vellum/ui/remotes).
import type { ActionRequestModalProps } from '@vellum/ui/remotes';
export type { ActionRequestModalProps, ActionRequestRecipient } from '@vellum/ui/remotes';

const blank = (): ActionDraft => ({ text: '', priority: DEFAULT_PRIORITY });

/**
 * The New Action Request modal of the owner's followers page (text, priority, Create, Cancel), then the success
 * modal 'An Action request has been sent to {name}.' (spec sections 2, 4 and 8). Exposed to the shell as
 * `actions/ActionRequestModal`.
 */
export default function ActionRequestModal({ recipient, onClose }: ActionRequestModalProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const name = recipient ? recipient.displayName || recipient.username : '';
  const form = useForm<ActionDraft>({
    initial: blank,
    ready: draftIsValid,
    fallback: 'The Action request could not be sent.',
    submit: async (draft, { reset }) => {
      if (!recipient) return;
      await actionsApi.request({
        forCirrusI: recipient.i,
        text: draft.text.trim(),
        priority: draft.priority,
      });
      setSentTo(name);
      reset();
      onClose();
    },
  });
  const { busy, serverError: error } = form;

  const cancel = () => {
    form.reset();
    onClose();
  };

  return (
    <>
      <Modal show={recipient !== null} onHide={cancel} centered aria-labelledby="action-request-title">
        <Form onSubmit={(event) => void form.onSubmit(event)}>
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5" id="action-request-title">
              New Action Request
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-secondary">For {name}</p>
            <ActionFields draft={form.values} onChange={form.setValues} autoFocus />
            {error ? (
              <Alert variant="danger" className="mb-0">
                {error}
              </Alert>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="light" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="info" disabled={!form.canSubmit}>
              Create
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
      <MessageModal show={sentTo !== null} onClose={() => setSentTo(null)}>
        {actionMessages.requestSent(sentTo ?? '')}
      </MessageModal>
    </>
  );
}
