// The public API as a contract ('@vellum/proto/openapi'): every operation, its OpenAPI 3.1 document, the error
// shapes. For the services and their tests only: a frontend never imports it (lint/boundaries.mjs).
export * from './error-shapes';
export * from './operations';
export * from './document';
