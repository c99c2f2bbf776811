import pino from 'pino';
import { KafkaJSAggregateError, KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
// The error kafkajs throws when its own retries gave up (not exported by its index).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { KafkaJSNumberOfRetriesExceeded } = require('kafkajs/src/errors') as {
  KafkaJSNumberOfRetriesExceeded: new (e: Error, o: { retryCount: number; retryTime: number }) => Error;
};
import { topicsSettling, whileTopicsSettle } from '@vellum/platform-kafka';

// kafkajs's own errors, as a broker's answer codes make them (3: the topic is unknown yet, 5: no leader yet,
// 29: not authorised).
const answered = (code: number, type: string) =>
  Object.assign(new KafkaJSProtocolError(type), { type, code });
const unknownTopic = () => answered(3, 'UNKNOWN_TOPIC_OR_PARTITION');
const noLeader = () => answered(5, 'LEADER_NOT_AVAILABLE');
const forbidden = () => answered(29, 'TOPIC_AUTHORIZATION_FAILED');
const logger = pino({ level: 'silent' });

describe("a subscription's start while the broker settles its topics", () => {
  it('knows the answers of a topic being created, alone, aggregated or inside a given-up retry', () => {
    expect(topicsSettling(unknownTopic())).toBe(true);
    expect(topicsSettling(noLeader())).toBe(true);
    expect(
      topicsSettling(new KafkaJSAggregateError('Topic creation errors', [unknownTopic(), noLeader()])),
    ).toBe(true);
    expect(
      topicsSettling(new KafkaJSNumberOfRetriesExceeded(unknownTopic(), { retryCount: 5, retryTime: 30 })),
    ).toBe(true);
    expect(topicsSettling(new KafkaJSNonRetriableError(forbidden()))).toBe(false);
    expect(topicsSettling(forbidden())).toBe(false);
    expect(
      topicsSettling(new KafkaJSAggregateError('Topic creation errors', [unknownTopic(), forbidden()])),
    ).toBe(false);
    expect(topicsSettling(new Error('boom'))).toBe(false);
    expect(topicsSettling(undefined)).toBe(false);
  });

  it('tries again after a pause while the topic settles, and answers what the work answers', async () => {
    let calls = 0;
    const answer = await whileTopicsSettle(
      async () => {
        calls += 1;
        if (calls < 3) throw calls === 1 ? unknownTopic() : noLeader();
        return 'subscribed';
      },
      { logger, what: 'test' },
    );
    expect([answer, calls]).toEqual(['subscribed', 3]);
  });

  it('throws any other error at once, and a settling one once its time is over', async () => {
    let calls = 0;
    await expect(
      whileTopicsSettle(
        async () => {
          calls += 1;
          throw forbidden();
        },
        { logger, what: 'test' },
      ),
    ).rejects.toMatchObject({ type: 'TOPIC_AUTHORIZATION_FAILED' });
    expect(calls).toBe(1);
    calls = 0;
    const started = Date.now();
    await expect(
      whileTopicsSettle(
        async () => {
          calls += 1;
          throw unknownTopic();
        },
        { logger, what: 'test', withinMs: 1_000 },
      ),
    ).rejects.toMatchObject({ type: 'UNKNOWN_TOPIC_OR_PARTITION' });
    // 250 + 500 ms of pauses fit in the second; the next (1 s) would not.
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
