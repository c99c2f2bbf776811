import { useState } from 'react';
import { Button, ConfirmModal } from '@vellum/ui';
import { texts } from '../texts';
import { editButtonLabel } from './editState';

export interface OwnerControlsProps {
  editMode: boolean;
  unsaved: boolean;
  saving: boolean;
  onEditButton(): void;
  onSave(): void;
  /** Deletes; resolves when done (the page then leaves), rejects on failure. */
  onDelete(): Promise<void>;
}

/** The owner's edit button ('Edit View' / 'Discard Changes' / 'Saved'), Save with its hint, and Delete. */
export function OwnerControls({
  editMode,
  unsaved,
  saving,
  onEditButton,
  onSave,
  onDelete,
}: OwnerControlsProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Button variant={editMode && unsaved ? 'warning' : 'light'} size="sm" onClick={onEditButton}>
        {editButtonLabel(editMode, unsaved)}
      </Button>
      {editMode ? (
        <>
          <Button variant="info" size="sm" onClick={onSave} disabled={saving}>
            {texts.save}
          </Button>
          <small className="text-secondary">{texts.saveHint}</small>
        </>
      ) : null}
      <Button variant="outline-danger" size="sm" className="ms-auto" onClick={() => setConfirming(true)}>
        {texts.delete}
      </Button>
      <ConfirmModal
        show={confirming}
        busy={deleting}
        confirmText={texts.delete}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {texts.deleteConfirm}
      </ConfirmModal>
    </div>
  );
}
