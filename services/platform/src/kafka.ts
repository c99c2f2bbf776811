// `@vellum/platform/kafka`: the EventBus port over kafkajs, for the distributed mode.
export * from './events/kafka-bus';
