import { useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';

export interface LoadingOverlayProps {
  show: boolean;
  /** Milliseconds to wait before showing, so quick answers never flash a spinner (400 or 500 in the spec). */
  delay?: number;
  label?: string;
}

export function LoadingOverlay({ show, delay = 0, label = 'Loading…' }: LoadingOverlayProps) {
  const [visible, setVisible] = useState(show && delay <= 0);
  useEffect(() => {
    if (!show) {
      setVisible(false);
      return;
    }
    if (delay <= 0) {
      setVisible(true);
      return;
    }
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [show, delay]);
  if (!visible) return null;
  return (
    <div
      className="vellum-loading-overlay d-flex align-items-center justify-content-center"
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', inset: 0, background: 'rgba(255,255,255,0.6)', zIndex: 1500 }}
    >
      <Spinner animation="border" variant="info" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
