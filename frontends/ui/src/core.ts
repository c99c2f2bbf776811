// @vellum/ui/core: what every page needs from the first paint on (session, API client, contexts, hooks, a few
// light components). It loads neither the component kit nor the data-fetching library, so the shell's first
// page stays small; '@vellum/ui' adds the kit and the modals. Both are Module Federation singletons.
export { ApiError, isApiError, serverMessage } from './api/ApiError';
export { api, request, type RequestOptions } from './api/client';

export { SessionProvider, useSession, useIsOwner, fetchSession } from './session/SessionContext';
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
export { NotFound } from './components/NotFound';
export { Avatar, avatarHue, type AvatarProps } from './components/Avatar';

export { paths } from './paths';
export { useTitle, PRODUCT_NAME } from './hooks/useTitle';
export { useDebounce } from './hooks/useDebounce';
export {
  useForm,
  fieldErrors,
  type FormState,
  type FormOptions,
  type FormHelpers,
  type FieldErrors,
  type SchemaLike,
} from './hooks/useForm';
export { possessive } from './hooks/possessive';
