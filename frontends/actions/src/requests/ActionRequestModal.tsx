import { useState } from 'react';
import { Alert, Button, Form, MessageModal, Modal, isApiError } from '@vellum/ui';
import { actionMessages, DEFAULT_PRIORITY } from '@vellum/proto';
import { actionsApi } from '../api/actionsApi';
import { ActionFields, draftIsValid, type ActionDraft } from '../actions/ActionFields';

export interface ActionRequestRecipient {
  /** The follower's cirrus id (forCirrusI). */
  i: string;
  username: string;
  displayName?: string;
}

export interface ActionRequestModalProps {
  /** The follower the request is for; null keeps the modal closed. */
  recipient: ActionRequestRecipient | null;
  onClose(): void;
}

const blank = (): ActionDraft => ({ text: '', priority: DEFAULT_PRIORITY });

/**
 * The New Action Request modal of the owner's followers page (text, priority, Create, Cancel), then the success
 * modal 'An Action request has been sent to {name}.' (spec sections 2, 4 and 8). Exposed to the shell as
 * `actions/ActionRequestModal`.
 */
export default function ActionRequestModal({ recipient, onClose }: ActionRequestModalProps) {
  const [draft, setDraft] = useState(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const name = recipient ? recipient.displayName || recipient.username : '';

  const cancel = () => {
    setDraft(blank());
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!recipient) return;
    setBusy(true);
    setError(null);
    try {
      await actionsApi.request({
        forCirrusI: recipient.i,
        text: draft.text.trim(),
        priority: draft.priority,
      });
      setSentTo(name);
      setDraft(blank());
      onClose();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The Action request could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal show={recipient !== null} onHide={cancel} centered aria-labelledby="action-request-title">
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (draftIsValid(draft) && !busy) void submit();
          }}
        >
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5" id="action-request-title">
              New Action Request
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-secondary">For {name}</p>
            <ActionFields draft={draft} onChange={setDraft} autoFocus />
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
            <Button type="submit" variant="info" disabled={!draftIsValid(draft) || busy}>
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
