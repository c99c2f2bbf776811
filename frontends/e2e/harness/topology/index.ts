// The chart's topology as local processes, for the tests that run the product as the chart deploys it (this
// package's topology test, load-tests/rolling and load-tests/faults): `@vellum/e2e/topology`.
export { freePort } from '../ports';
export { verificationLink } from './verification';
export {
  startTopology,
  type Component,
  type CrashStep,
  type CrashTrigger,
  type RolloutStep,
  type ServerAddresses,
  type Topology,
  type UnexpectedExit,
} from './cluster';
export { INGRESS_KEEP_ALIVE_MS, IngressProxy } from './ingress';
export type { Pod } from './pods';
