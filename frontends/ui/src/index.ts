// Shared library of the micro-frontends (a Module Federation singleton): one instance of each context
// is seen by the shell and every remote.
export { ApiError, isApiError, serverMessage } from './api/ApiError';
export { api, request, type RequestOptions } from './api/client';

export {
  SessionProvider,
  useSession,
  useIsOwner,
  fetchSession,
  SESSION_QUERY_KEY,
} from './session/SessionContext';
export type { SessionContextValue } from './session/SessionContext';
export type { SignedCirrus, SessionState } from './session/types';
export { pageNavigation } from './session/pageNavigation';
export { setNextRoute, takeNextRoute } from './session/nextRoute';
export { AuthModalsContext, useAuthModals, type AuthModals } from './session/AuthModals';

export { ChromeContext, useHideFooter, type Chrome } from './chrome/ChromeContext';
export { actionsBadgeVariant, type Priority } from './chrome/badges';
export { PRODUCT_VERSION, FIRST_YEAR } from './chrome/version';

export {
  ToastProvider,
  useToast,
  TOAST_DURATION_MS,
  type Toaster,
  type ToastVariant,
} from './components/Toasts';
export { LoadingOverlay, type LoadingOverlayProps } from './components/LoadingOverlay';
export {
  MessageModal,
  ConfirmModal,
  type MessageModalProps,
  type ConfirmModalProps,
} from './components/Modals';
export { NotFound } from './components/NotFound';
export { Avatar, avatarHue, type AvatarProps } from './components/Avatar';

export { paths } from './paths';
export { useTitle, PRODUCT_NAME } from './hooks/useTitle';
export { useDebounce } from './hooks/useDebounce';
export { possessive } from './hooks/possessive';

export * from './components/kit';
