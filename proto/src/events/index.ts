// Event contracts (generated from events/**/*.proto; never edit src/gen by hand), their envelope and topics.
// Only services load these ('@vellum/proto/events'): a browser build never needs the protobuf descriptors.
export * from '../gen/vellum/events/v1/envelope_pb';
export * from '../gen/vellum/identity/v1/identity_pb';
export * from '../gen/vellum/vellum/v1/vellum_pb';
export * from '../gen/vellum/social/v1/social_pb';
export * from '../gen/vellum/action/v1/action_pb';
export * from '../gen/vellum/link/v1/link_pb';
export * from '../gen/vellum/messaging/v1/messaging_pb';
export * from '../runtime';
export * from './topics';
export * from './envelope';
