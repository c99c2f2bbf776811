import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { TOAST_DURATION_MS, type ToastItem } from './toastTypes';

export interface ToastStackProps {
  toasts: ToastItem[];
  onDismiss(id: number): void;
}

/** The visible toasts, top-right; each closes itself after 5000 ms (spec section 9). */
export default function ToastStack({ toasts, onDismiss }: ToastStackProps) {
  return (
    <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.variant}
          autohide
          delay={TOAST_DURATION_MS}
          onClose={() => onDismiss(toast.id)}
        >
          <Toast.Body className={toast.variant === 'info' ? undefined : 'text-white'} role="status">
            {toast.message}
          </Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}
