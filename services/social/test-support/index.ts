// social's API suites (`@vellum/social/test-support`): run embedded by all-in-one and against social's own
// processes by its distributed tests, so a change to social's API edits only social.
export { socialApiSuite } from './social-api.suite';
