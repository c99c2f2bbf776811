export * from './pg-db';
export * from './service-main';
