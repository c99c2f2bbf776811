import pino from 'pino';
import { createPgliteDb } from '@vellum/platform-pglite';
import { createInProcessBus } from '../../src/events/in-process-bus';
import { describeBusContract, message, subscribeFailing, uniqueName } from './bus.contract';
import { eventually } from '@vellum/platform/test-support';

const silent = pino({ level: 'silent' });

describe('in-process bus', () => {
  describeBusContract({
    createBus: async ({ retry, onPoison }) => createInProcessBus({ retry, onPoison, logger: silent }),
    openDb: () => createPgliteDb(),
    quietMs: 200,
    timeoutMs: 30_000,
  });

  it('does not run handlers inside publish', async () => {
    const bus = createInProcessBus({ logger: silent });
    const topic = uniqueName('async');
    let handled = 0;
    await bus.subscribe({ group: 'g', topics: [topic], handler: async () => void handled++ });
    await bus.publish([message(topic, 'k', 'x')]);
    expect(handled).toBe(0);
    await eventually(() => handled === 1, 20_000, 'the delivery');
    await bus.close();
  });

  it('close() waits for the handler in flight and stops delivering', async () => {
    const bus = createInProcessBus({ logger: silent });
    const topic = uniqueName('close');
    const events: string[] = [];
    await bus.subscribe({
      group: 'g',
      topics: [topic],
      handler: async (m) => {
        events.push(`start ${new TextDecoder().decode(m.value)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push(`end ${new TextDecoder().decode(m.value)}`);
      },
    });
    await bus.publish([message(topic, 'k', 'one'), message(topic, 'k', 'two')]);
    await eventually(() => events.length === 1, 20_000, 'the first handler');
    await bus.close();
    expect(events).toEqual(['start one', 'end one']);
    await expect(bus.publish([message(topic, 'k', 'three')])).rejects.toThrow('closed');
    expect(await bus.ping()).toBe(false);
  });

  it('close() cuts a retry backoff short', async () => {
    const bus = createInProcessBus({
      logger: silent,
      retry: { initialMs: 60_000, maxMs: 60_000, maxAttempts: 3 },
    });
    const topic = uniqueName('backoff');
    const failing = await subscribeFailing(bus, topic);
    await bus.publish([message(topic, 'k', 'x')]);
    await eventually(() => failing.attempts() === 1, 20_000, 'the first attempt');
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failing.attempts()).toBe(1);
  });

  it('keeps a bounded log: a late group starts at the retained messages', async () => {
    const bus = createInProcessBus({ logger: silent, partitions: 1, retainPerPartition: 10 });
    const topic = uniqueName('retain');
    const sent = Array.from({ length: 1_100 }, (_, i) => message(topic, 'k', `${i}`));
    await bus.publish(sent);
    const late: string[] = [];
    await bus.subscribe({ group: 'late', topics: [topic], handler: async (m) => void late.push(m.id) });
    await eventually(
      () => late.length > 0 && late[late.length - 1] === sent[1_099]!.id,
      20_000,
      'the retained messages',
    );
    expect(late.length).toBeLessThan(1_100);
    expect(late.length).toBeGreaterThanOrEqual(10);
    expect(late).toEqual(sent.slice(1_100 - late.length).map((m) => m.id));
    await bus.close();
  });
});
