import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ToastItem, ToastVariant } from './toastTypes';

export { TOAST_DURATION_MS, type ToastVariant } from './toastTypes';

// The toast components (and their transitions) load with the first toast, not with the first page.
const ToastStack = lazy(() => import('./ToastStack'));

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
      {toasts.length ? (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside a ToastProvider');
  return value;
}
