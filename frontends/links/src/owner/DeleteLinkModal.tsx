import { useId } from 'react';
import { Button, Modal } from '@vellum/ui';
import { linkMessages, type LinkView } from '@vellum/proto/api';

interface Props {
  /** The link to delete; null keeps the modal closed. */
  link: LinkView | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Are you sure to delete the Link for {label}?' (spec section 2), with Delete and Cancel. */
export function DeleteLinkModal({ link, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  return (
    <Modal show={link !== null} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          Delete Link
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-break">{linkMessages.confirmDelete(link?.link_label ?? '')}</Modal.Body>
      <Modal.Footer>
        <Button variant="light" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
