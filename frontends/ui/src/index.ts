// Shared library of the micro-frontends (a Module Federation singleton): one instance of each context
// is seen by the shell and every remote. './core' is also shared on its own as '@vellum/ui/core'; in one build
// both resolve to the same module, so there is still one session, one toast stack, one set of auth modals.
export * from './core';
export {
  MessageModal,
  ConfirmModal,
  type MessageModalProps,
  type ConfirmModalProps,
} from './components/Modals';
export * from './components/kit';
export { markedParts } from './components/markedParts';
export * from './realtime';
