// link's API suites (`@vellum/link/test-support`): run embedded by all-in-one and against link's own
// processes by its distributed tests, so a change to link's API edits only link.
export { linkApiSuite } from './link-api.suite';
