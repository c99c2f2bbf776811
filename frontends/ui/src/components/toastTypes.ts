export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'success' | 'danger' | 'info';

export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}
