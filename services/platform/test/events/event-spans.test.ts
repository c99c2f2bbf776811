import { context, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import pino from 'pino';
import { CirrusCreatedSchema } from '@vellum/proto';
import { createKafkaBus } from '@vellum/platform-kafka';
import { describeWithServer, eventually } from '@vellum/platform/test-support';
import { eventMessage } from '../../src/events/append-event';
import type { BusMessage } from '../../src/events/types';
import { eventTracingStarted } from '../../src/telemetry/event-spans';
import { uniqueName } from './bus.contract';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

// The trace of an event across Kafka (telemetry/event-spans.ts): the relay's `send` span is a child of the request
// that wrote the event, the consumer's `process` span a child of the `send`, and the handler runs inside it.
describeWithServer('KAFKA_BROKERS', "an event's trace across the Kafka bus", (brokers) => {
  const exporter = new tracing.InMemorySpanExporter();
  // The test's own provider: every span at once (the product batches them).
  const provider = new node.NodeTracerProvider({
    spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('test');

  beforeAll(() => {
    provider.register();
    eventTracingStarted();
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  const event = (topic: string) =>
    eventMessage('identity', {
      topic,
      aggregateId: 'c1',
      payloadSchema: CirrusCreatedSchema,
      payload: { cirrusId: 'c1', username: 'ada', displayName: 'Ada' },
      occurredAt: new Date(),
    });

  it('runs from the request that wrote the event, through the send, to the process span its handler runs in', async () => {
    const topic = uniqueName('traced');
    const request = tracer.startSpan('POST /api/signup');
    // Written inside the request (the envelope takes its traceparent); published later, outside it, as a relay does.
    const traced = context.with(trace.setSpan(context.active(), request), () => event(topic));
    request.end();
    const untraced = event(topic);
    const bus = createKafkaBus({ brokers, clientId: uniqueName('client'), logger });
    const handled = new Map<string, string | undefined>();
    try {
      await bus.subscribe({
        group: uniqueName('group'),
        topics: [topic],
        handler: async (message: BusMessage) => {
          tracer.startSpan('projection write').end();
          handled.set(message.id, trace.getActiveSpan()?.spanContext().spanId);
        },
      });
      await bus.publish([traced, untraced]);
      await eventually(() => handled.size === 2, 30_000, 'both deliveries');
    } finally {
      await bus.close();
    }

    const spans = exporter.getFinishedSpans();
    const named = (name: string) => spans.filter((s) => s.name === name);
    const [send] = named(`send ${topic}`);
    const [processed] = named(`process ${topic}`);
    // One of each: the event written outside any request has neither.
    expect([named(`send ${topic}`).length, named(`process ${topic}`).length]).toEqual([1, 1]);
    const { traceId, spanId: requestId } = request.spanContext();
    expect(send!.spanContext().traceId).toBe(traceId);
    expect(send!.parentSpanContext?.spanId).toBe(requestId);
    expect(send!.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': topic,
      'messaging.message.id': traced.id,
    });
    expect(processed!.spanContext().traceId).toBe(traceId);
    expect(processed!.parentSpanContext?.spanId).toBe(send!.spanContext().spanId);
    expect(processed!.attributes['messaging.message.id']).toBe(traced.id);
    // The handler ran inside the process span; the untraced event's handler in none of ours.
    expect(handled.get(traced.id)).toBe(processed!.spanContext().spanId);
    const [write] = named('projection write').filter((s) => s.spanContext().traceId === traceId);
    expect(write!.parentSpanContext?.spanId).toBe(processed!.spanContext().spanId);
    expect(handled.get(untraced.id)).toBeUndefined();
  }, 60_000);
});
