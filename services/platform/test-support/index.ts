// The services' test kit (`@vellum/platform/test-support`): what several packages' tests share. It speaks to the
// platform and to a running product over HTTP, never to a service's code: a harness that needs a service's code
// stays in that service's test/support.
export { eventually } from './eventually';
export { metricSamples, metricValue, type MetricSample } from './metric-samples';
export { publishedByStore } from './published-by-store';
export { publishedThenWritten } from './unit-writes';
export { describeWithServer, isCi, serverUrl, type ServerVariable } from './servers';
export { readTopic, type ReadTopicOptions, type TopicMessage } from './read-topic';
export { standaloneService, type StandaloneOptions, type StandalonePorts } from './standalone-service';
export { navigate, NAVIGATION_HEADERS, TestClient, type JsonResponse } from './http-client';
export { checkAnswersAgainstTheContract, contractBreach, operationOf } from './contract';
export {
  adminAccount,
  mailedLink,
  mailedMessage,
  newAccount,
  resetPasswordByMail,
  signIn,
  signedIn,
  verifiedAccount,
  type Account,
  type SignedIn,
} from './accounts';
export { freePort, repoRoot, serviceEntry, startServiceProcess, type ServiceProcess } from './processes';
export { loadsModule } from './loads-module';
export { describeDistributed, type DistributedProduct } from './distributed';
export {
  describeParkingOnEveryStore,
  expectParkedThenReplayed,
  expectParksAndReplays,
  expectReplayRebuilds,
  type PoisonCase,
  type ReplayCase,
} from './parked';
export {
  cirriProjectionCases,
  type CirriProjectionUnderTest,
  type CirriStore,
} from './cirri-projection-cases';
export { describeOnEveryStore, type OnStore, type StoreAdapters } from './stores';
export * from './quantile';
