// identity's API suites (`@vellum/identity/test-support`): run embedded by all-in-one and against identity's own
// processes by its distributed tests, so a change to identity's API edits only identity.
export { identityApiSuite } from './identity-api.suite';
export { sessionsApiSuite } from './sessions-api.suite';
export { profileApiSuite } from './profile-api.suite';
