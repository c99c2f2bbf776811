// What the browser needs from @vellum/proto: the action API schemas and messages, without the event contracts
// (protobuf descriptors) that only services use. The build aliases '@vellum/proto' to this file.
export * from '../../proto/src/api/messages';
export * from '../../proto/src/api/fields';
export * from '../../proto/src/api/action';
