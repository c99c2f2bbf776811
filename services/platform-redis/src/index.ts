export * from './log-redis-outages';
export * from './measure-redis';
export * from './redis-limiters';
export * from './redis-session-store';
export * from './redis-options';
export * from './pub-sub-connections';
export * from './redis-presence';
