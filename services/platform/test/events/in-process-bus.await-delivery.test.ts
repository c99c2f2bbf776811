import pino from 'pino';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { partitionFor } from '../../src/events/partition';
import type { BusMessage, EventBus } from '../../src/events/types';
import { describeBusContract, message, subscribeFailing, text, uniqueName } from './bus.contract';
import { eventually } from '@vellum/platform/test-support';

const silent = pino({ level: 'silent' });
const fastRetry = { initialMs: 10, maxMs: 40, maxAttempts: 3 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise to await inside a handler, released from the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Tracks whether a promise has settled yet, and how. */
function track(promise: Promise<unknown>) {
  const state = { settled: false, error: undefined as unknown };
  promise.then(
    () => (state.settled = true),
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

describe('in-process bus with awaitDelivery', () => {
  describe('still honours the bus contract', () => {
    describeBusContract({
      createBus: async ({ retry, onPoison }) =>
        createInProcessBus({ retry, onPoison, logger: silent, awaitDelivery: true }),
      openDb: () => createPgliteDb(),
      quietMs: 200,
      timeoutMs: 30_000,
    });
  });

  const buses: EventBus[] = [];
  const open = (options: Parameters<typeof createInProcessBus>[0] = {}) => {
    const bus = createInProcessBus({ logger: silent, retry: fastRetry, ...options, awaitDelivery: true });
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('resolves publish only once every subscribed group has handled every message', async () => {
    const bus = open();
    const topic = uniqueName('await');
    const slow = gate();
    const handled = { fast: [] as string[], slow: [] as string[] };
    await bus.subscribe({
      group: 'fast',
      topics: [topic],
      handler: async (m) => void handled.fast.push(text(m)),
    });
    await bus.subscribe({
      group: 'slow',
      topics: [topic],
      handler: async (m) => {
        await slow.opened;
        handled.slow.push(text(m));
      },
    });
    const sent = ['a', 'b', 'c', 'd'].map((t, i) => message(topic, `key-${i}`, t));
    const publishing = track(bus.publish(sent));

    await eventually(() => handled.fast.length === 4, 20_000, 'the fast group');
    await pause(100);
    expect(publishing.settled).toBe(false);
    slow.open();
    await eventually(() => publishing.settled, 20_000, 'the publish');
    expect(publishing.error).toBeUndefined();
    expect([...handled.slow].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps per-key order and one delivery at a time per partition under concurrent publishes', async () => {
    const bus = open({ partitions: 2 });
    const topic = uniqueName('concurrent');
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const received: BusMessage[] = [];
    const inFlight = new Map<number, number>();
    let overlaps = 0;
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async (m) => {
        const partition = partitionFor(m.key, 2);
        inFlight.set(partition, (inFlight.get(partition) ?? 0) + 1);
        if (inFlight.get(partition)! > 1) overlaps++;
        await pause(1);
        received.push(m);
        inFlight.set(partition, inFlight.get(partition)! - 1);
      },
    });
    const sent = Array.from({ length: 90 }, (_, i) => message(topic, keys[i % keys.length]!, `${i}`));
    await Promise.all([0, 30, 60].map((start) => bus.publish(sent.slice(start, start + 30))));

    // Every publish has resolved, so everything was handled before this line.
    expect(received).toHaveLength(90);
    expect(overlaps).toBe(0);
    for (const key of keys) {
      const order = (list: BusMessage[]) => list.filter((m) => m.key === key).map(text);
      expect(order(received)).toEqual(order(sent));
    }
  });

  it('does not wait for a group that subscribes after the publish, which still reads the message later', async () => {
    const bus = open();
    const topic = uniqueName('late');
    const handled = { early: [] as string[], late: [] as string[] };
    const lateStarted: string[] = [];

    // No group at all: nothing to wait for.
    await expect(bus.publish([message(topic, 'k', 'before any group')])).resolves.toBeUndefined();

    const early = gate();
    await bus.subscribe({
      group: 'early',
      topics: [topic],
      handler: async (m) => {
        await early.opened;
        handled.early.push(text(m));
      },
    });
    const publishing = track(bus.publish([message(topic, 'k', 'while early handles')]));
    // The late group joins while the publish is waiting for "early", and blocks on what it reads.
    const late = gate();
    await bus.subscribe({
      group: 'late',
      topics: [topic],
      handler: async (m) => {
        lateStarted.push(text(m));
        await late.opened;
        handled.late.push(text(m));
      },
    });
    await eventually(() => lateStarted.length === 1, 2_000, 'the late group to start');
    expect(publishing.settled).toBe(false);
    early.open();
    await eventually(() => publishing.settled, 2_000, 'the publish');
    expect(publishing.error).toBeUndefined();
    expect(handled.early).toEqual(['before any group', 'while early handles']);
    // The publish did not wait for "late", which is still in its first message.
    expect(lateStarted).toEqual(['before any group']);
    expect(handled.late).toEqual([]);

    // A new group reads from the beginning of the retained log: it gets both messages, in order, once.
    late.open();
    await eventually(() => handled.late.length === 2, 2_000, 'the late group');
    await pause(100);
    expect(handled.late).toEqual(['before any group', 'while early handles']);
    expect(lateStarted).toEqual(['before any group', 'while early handles']);
  });

  it('resolves, never rejects, when a handler keeps failing and the message is parked', async () => {
    const poisoned: string[] = [];
    const bus = open({ onPoison: (_group, m) => void poisoned.push(text(m)) });
    const topic = uniqueName('poison');
    let attempts = 0;
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async (m) => {
        if (text(m) === 'bad') {
          attempts++;
          throw new Error('cannot handle this');
        }
      },
    });
    await expect(
      bus.publish([message(topic, 'k', 'bad'), message(topic, 'k', 'good')]),
    ).resolves.toBeUndefined();
    expect(attempts).toBe(fastRetry.maxAttempts);
    expect(poisoned).toEqual(['bad']);
  });

  it('resolves when the poison handler itself throws', async () => {
    const bus = open({
      onPoison: () => {
        throw new Error('poison handler broken');
      },
    });
    const topic = uniqueName('poison-throws');
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async () => {
        throw new Error('always');
      },
    });
    await expect(bus.publish([message(topic, 'k', 'x')])).resolves.toBeUndefined();
  });

  it('close() rejects a publish waiting for a handler in flight, then waits for that handler', async () => {
    const bus = open();
    const topic = uniqueName('close-in-flight');
    const handler = gate();
    const events: string[] = [];
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async (m) => {
        events.push(`start ${text(m)}`);
        await handler.opened;
        events.push(`end ${text(m)}`);
      },
    });
    const publishing = bus.publish([message(topic, 'k', 'one'), message(topic, 'k', 'two')]);
    await eventually(() => events.length === 1, 20_000, 'the first handler');
    const closing = track(bus.close());

    await expect(publishing).rejects.toThrow(
      'Event bus closed before every consumer group had handled the published messages',
    );
    expect(closing.settled).toBe(false);
    handler.open();
    await eventually(() => closing.settled, 20_000, 'close()');
    expect(closing.error).toBeUndefined();
    expect(events).toEqual(['start one', 'end one']);
  });

  it('close() rejects a publish waiting out a retry backoff at once', async () => {
    const bus = open({ retry: { initialMs: 60_000, maxMs: 60_000, maxAttempts: 3 } });
    const topic = uniqueName('close-backoff');
    const failing = await subscribeFailing(bus, topic);
    const publishing = bus.publish([message(topic, 'k', 'x')]);
    await eventually(() => failing.attempts() === 1, 20_000, 'the first attempt');
    const started = Date.now();
    await Promise.all([expect(publishing).rejects.toThrow('Event bus closed before'), bus.close()]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects a publish from a handler into its own partition instead of waiting for itself', async () => {
    const bus = open();
    const topic = uniqueName('self');
    const outcomes: string[] = [];
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async (m) => {
        if (text(m) !== 'first') return;
        await bus.publish([message(topic, m.key, 'echo')]).then(
          () => outcomes.push('published'),
          (error: Error) => outcomes.push(error.message),
        );
      },
    });
    await bus.publish([message(topic, 'k', 'first')]);
    expect(outcomes).toEqual([
      expect.stringMatching(/^publish\(\) inside a handler of group "g" would wait for that very handler/),
    ]);
  });

  it('lets a handler publish to a partition another group consumes, waiting for that group', async () => {
    const bus = open();
    const orders = uniqueName('orders');
    const receipts = uniqueName('receipts');
    const events: string[] = [];
    await bus.subscribe({
      group: 'billing',
      topics: [orders],
      handler: async (m) => {
        await bus.publish([message(receipts, m.key, `receipt for ${text(m)}`)]);
        events.push(`billing done with ${text(m)}`);
      },
    });
    await bus.subscribe({
      group: 'mailer',
      topics: [receipts],
      handler: async (m) => void events.push(`mailed ${text(m)}`),
    });
    await bus.publish([message(orders, 'order-1', 'order 1')]);
    expect(events).toEqual(['mailed receipt for order 1', 'billing done with order 1']);
  });
});
