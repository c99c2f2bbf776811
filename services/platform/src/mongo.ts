// `@vellum/platform/mongo`: MongoDB over the official driver for the distributed mode (connection and readiness, the
// outbox carried on each document and its relay, the inbox of a projected document, a service's main.ts).
export * from './mongo/connect';
export * from './mongo/outbox';
export * from './mongo/inbox';
export * from './mongo/service-main';
export * from './mongo/deleted-cirri';
export * from './mongo/parked';
export * from './mongo/cirri';
