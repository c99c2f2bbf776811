import { useState } from 'react';
import { Badge, ConfirmModal } from '@vellum/ui';
import { texts } from '../texts';

export interface VisibilityControlProps {
  isPublic: boolean;
  /** Publishes or makes private, then reloads the vellum; rejects with the failure. */
  onChange(makePublic: boolean): Promise<void>;
}

/** The owner's public/private badge with its toggle link and confirmation modals (spec sections 2 and 4). */
export function VisibilityControl({ isPublic, onChange }: VisibilityControlProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onChange(!isPublic);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <Badge bg={isPublic ? 'success' : 'secondary'} data-testid="visibility-badge">
        {isPublic ? texts.public : texts.private}
      </Badge>
      <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setAsking(true)}>
        {isPublic ? texts.makePrivate : texts.makePublic}
      </button>
      <ConfirmModal
        show={asking}
        variant="info"
        busy={busy}
        confirmText={isPublic ? texts.makePrivate : texts.makePublic}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        {isPublic ? texts.makePrivateConfirm : texts.makePublicConfirm}
      </ConfirmModal>
    </span>
  );
}
