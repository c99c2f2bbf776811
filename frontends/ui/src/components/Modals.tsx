import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface MessageModalProps {
  show: boolean;
  title?: ReactNode;
  children: ReactNode;
  buttonText?: string;
  onClose(): void;
}

/** A message with one button that closes it (for example the sign-up success modal, 'Sounds good!'). */
export function MessageModal({ show, title, children, buttonText = 'OK', onClose }: MessageModalProps) {
  return (
    <Modal show={show} onHide={onClose} centered>
      {title ? (
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
      ) : null}
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="info" onClick={onClose}>
          {buttonText}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

export interface ConfirmModalProps {
  show: boolean;
  title?: ReactNode;
  children: ReactNode;
  confirmText?: string;
  cancelText?: string;
  variant?: 'danger' | 'info' | 'light';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A question with confirm and cancel ('Delete this Vellum?', 'Make it public?'...). */
export function ConfirmModal({
  show,
  title,
  children,
  confirmText = 'Yes',
  cancelText = 'Cancel',
  variant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal show={show} onHide={onCancel} centered>
      {title ? (
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
      ) : null}
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="light" onClick={onCancel} disabled={busy}>
          {cancelText}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {confirmText}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
