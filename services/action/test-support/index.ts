// action's API suites (`@vellum/action/test-support`): run embedded by all-in-one and against action's own
// processes by its distributed tests, so a change to action's API edits only action.
export { actionApiSuite } from './action-api.suite';
