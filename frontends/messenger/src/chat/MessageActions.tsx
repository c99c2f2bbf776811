import { useState } from 'react';
import { Button, isApiError } from '@vellum/ui';
import { messagingMessages } from '@vellum/proto/api';

/**
 * Under one of my messages: 'Edit' (while it may still be edited) and 'Delete', which asks first. Plain buttons,
 * so the keyboard reaches them in the history's order.
 */
export function MessageActions({
  canEdit,
  onEdit,
  onDelete,
}: {
  canEdit: boolean;
  onEdit(): void;
  onDelete(): Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : messagingMessages.sendFailed);
      setBusy(false);
    }
  };
  if (confirming)
    return (
      <span role="group" aria-label="Delete this message?" className="d-inline-flex align-items-center gap-1">
        <span>Delete this message?</span>
        <Button variant="danger" size="sm" className="py-0" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Deleting…' : 'Yes, delete'}
        </Button>
        <Button
          variant="light"
          size="sm"
          className="py-0"
          onClick={() => setConfirming(false)}
          disabled={busy}
        >
          Keep it
        </Button>
        {failure ? (
          <span role="alert" className="text-danger">
            {failure}
          </span>
        ) : null}
      </span>
    );
  return (
    <span className="d-inline-flex gap-1">
      {canEdit ? (
        <Button variant="link" size="sm" className="p-0" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    </span>
  );
}
