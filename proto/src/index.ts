// Everything the services share. A browser build imports the subpaths instead ('@vellum/proto/api',
// '@vellum/proto/editor', '@vellum/proto/remotes', '@vellum/proto/version'), never the event contracts.
export * from './events';
export * from './version';

// The micro-frontends' names, shared by the gateway, the embedded mode and the frontends' registry.
export * from './remotes';

// What counts as a control character, and which ones each kind of text keeps.
export * from './text/control-characters';

// API request schemas shared by the server and the client.
export * from './api';

// The vellum document schema (TipTap extensions without React) and its validator.
export * from './editor';
