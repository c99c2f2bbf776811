export * from './kafka-bus';
export * from './kafka-log';
export * from './replay-on-kafka';
export * from './start-on-kafka';
export { topicsSettling, whileTopicsSettle } from './while-topics-settle';
