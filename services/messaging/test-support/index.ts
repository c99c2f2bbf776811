// messaging's API suites (`@vellum/messaging/test-support`): run embedded by all-in-one and against messaging's own
// processes by its distributed tests, so a change to messaging's API edits only messaging.
export { messagingApiSuite } from './messaging-api.suite';
export {
  messagingRealtimeSuite,
  type ConnectRealtime,
  type RealtimeSocket,
} from './messaging-realtime.suite';
