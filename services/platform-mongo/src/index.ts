export * from './cirri';
export * from './connect';
export * from './deleted-cirri';
export * from './inbox';
export * from './outbox';
export * from './parked';
export * from './service-main';
export * from './service-events';
