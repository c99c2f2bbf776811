// What the browser needs from @vellum/proto: the vellum API schemas and messages and the document schema
// (TipTap extensions), without the event contracts (protobuf descriptors) that only services use. The build
// aliases '@vellum/proto' to this file.
export * from '../../proto/src/api/messages';
export * from '../../proto/src/api/fields';
export * from '../../proto/src/api/vellum';
export * from '../../proto/src/editor';
