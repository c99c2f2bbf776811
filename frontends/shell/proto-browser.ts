// What the browser needs from @vellum/proto: the API schemas and messages, without the event contracts
// (protobuf descriptors) that only services use. The shell's build aliases '@vellum/proto' to this file.
export * from '../../proto/src/api/messages';
export * from '../../proto/src/api/fields';
export * from '../../proto/src/api/identity';
export * from '../../proto/src/api/password-checklist';
// Types only (erased from the bundle): what the welcome page reads from the vellum service.
export type {
  VellumListResponse,
  CreatorsResponse,
  VellumListItem,
  CreatorView,
} from '../../proto/src/api/vellum';
