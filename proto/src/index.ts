// Event contracts (generated from events/**/*.proto; never edit src/gen by hand).
export * from './gen/vellum/events/v1/envelope_pb';
export * from './gen/vellum/identity/v1/identity_pb';
export * from './gen/vellum/vellum/v1/vellum_pb';
export * from './gen/vellum/social/v1/social_pb';
export * from './gen/vellum/action/v1/action_pb';
export * from './runtime';
export * from './version';
export * from './events/topics';
export * from './events/envelope';

// The micro-frontends' names, shared by the gateway, the embedded mode and the frontends' registry.
export * from './remotes';

// What counts as a control character, and which ones each kind of text keeps.
export * from './text/control-characters';

// API request schemas shared by the server and the client.
export * from './api/messages';
export * from './api/fields';
export * from './api/identity';
export * from './api/password-checklist';
export * from './api/vellum';
export * from './api/social';
export * from './api/action';

// The vellum document schema (TipTap extensions without React) and its validator.
export * from './editor';
