import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'success' | 'danger' | 'info';

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

export interface Toaster {
  show(message: string, variant?: ToastVariant): void;
}

const ToastContext = createContext<Toaster | null>(null);

let nextId = 1;

/** Short notices in the top-right corner, each gone after 5000 ms (spec section 9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    [],
  );
  const show = useCallback((message: string, variant: ToastVariant = 'info') => {
    setToasts((list) => [...list, { id: nextId++, message, variant }]);
  }, []);
  const toaster = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            bg={toast.variant}
            autohide
            delay={TOAST_DURATION_MS}
            onClose={() => dismiss(toast.id)}
          >
            <Toast.Body className={toast.variant === 'info' ? undefined : 'text-white'} role="status">
              {toast.message}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside a ToastProvider');
  return value;
}
