// vellum's API suites (`@vellum/vellum/test-support`): run embedded by all-in-one and against vellum's own
// processes by its distributed tests, so a change to vellum's API edits only vellum.
export { vellumApiSuite, type VellumApiSuiteOptions } from './vellum-api.suite';
