// `@vellum/platform/service-main`: a distributed service's main.ts (environment, Postgres, Kafka, serve, drain).
export * from './service/run-service-main';
