import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  createInProcessBus,
  replayProjections,
  runParkedCommand,
  type BusMessage,
  type EventLog,
  type ParkedEventStore,
  type ServiceDefinition,
  type Subscription,
} from '@vellum/platform';
import { eventually } from './eventually';
import { describeOnEveryStore, type StoreAdapters } from './stores';

export interface PoisonCase {
  /** Where the service's consumers park, on the store under test. */
  parked: ParkedEventStore;
  /** The service's subscription, parking into `parked`, whose handler fails until `fix()`. */
  subscription: Subscription;
  /** The event it keeps failing on. */
  event: BusMessage;
  fix: () => void;
  /** Whether the event's change is in the read model. */
  applied: () => Promise<boolean>;
}

/**
 * Nothing dropped, on any store: an event the subscription keeps failing on is parked (the bus moves on), listed,
 * and applied once the handler is fixed and an operator replays it (`runParkedCommand`, as `npm run parked` runs
 * it), which removes it; a second replay finds nothing.
 */
export async function expectParkedThenReplayed(c: PoisonCase): Promise<void> {
  // By id: a shared server's schema may hold other runs' parked events.
  const only = { ids: [c.event.id] };
  const replay = { action: 'replay' as const, ...only };
  const bus = createInProcessBus({
    logger: pino({ level: 'silent' }),
    retry: { initialMs: 5, maxMs: 20, maxAttempts: 3 },
  });
  try {
    await bus.subscribe(c.subscription);
    await bus.publish([c.event]);
    const [parked] = await eventually(
      async () => {
        const list = await c.parked.list(only);
        return list.length > 0 && list;
      },
      15_000,
      'the parked event',
    );
    expect(parked).toEqual(
      expect.objectContaining({
        id: c.event.id,
        group: c.subscription.group,
        attempts: 3,
        type: c.event.type,
      }),
    );
    expect(await c.applied()).toBe(false);
  } finally {
    await bus.close();
  }
  const lines: string[] = [];
  const io = { print: (line: string) => void lines.push(line), note: () => {} };
  expect(await runParkedCommand(replay, c.parked, [c.subscription], io)).toBe(1);
  expect(await c.parked.list(only)).toEqual([expect.objectContaining({ id: c.event.id, attempts: 4 })]);
  c.fix();
  expect(await runParkedCommand(replay, c.parked, [c.subscription], io)).toBe(0);
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ id: c.event.id, replayed: false }),
    { id: c.event.id, group: c.subscription.group, replayed: true },
  ]);
  expect(await c.applied()).toBe(true);
  expect(await c.parked.list(only)).toEqual([]);
  expect(await runParkedCommand(replay, c.parked, [c.subscription], io)).toBe(0);
  expect(lines).toHaveLength(2);
}

/**
 * A service as its composition root builds it, wired for "nothing dropped": each subscription is a reaction or a
 * projection that resets, and each projection's `park` keeps its events in `parked` (the service's own store).
 */
export async function expectParksAndReplays(
  service: ServiceDefinition,
  parked: ParkedEventStore,
): Promise<void> {
  for (const subscription of service.subscriptions) {
    const name = `${service.name}: ${subscription.group}`;
    if (subscription.reaction) {
      expect([name, subscription.reset]).toEqual([name, undefined]);
      continue;
    }
    expect([name, typeof subscription.reset, typeof subscription.park]).toEqual([
      name,
      'function',
      'function',
    ]);
    const message: BusMessage = {
      id: randomUUID(),
      topic: subscription.topics[0]!,
      key: randomUUID(),
      type: 'vellum.test.v1.Poison',
      value: new Uint8Array([1, 2, 3]),
    };
    await subscription.park!({ group: subscription.group, message, error: new Error('poison'), attempts: 8 });
    expect(await parked.list({ ids: [message.id] })).toEqual([
      expect.objectContaining({ id: message.id, group: subscription.group, error: 'Error: poison' }),
    ]);
    await parked.remove(subscription.group, message.id);
  }
}

export interface ReplayCase {
  /** The service's projection, on the store under test. */
  subscription: Subscription;
  /** Its events, in log order. */
  events: readonly BusMessage[];
  /** What the read model holds of these events' subjects (JSON-comparable). */
  snapshot: () => Promise<unknown>;
  /** Spoils the read model (as a bug would) before each replay, which must undo it: a replay that applied nothing
   * again would leave it spoilt. */
  damage: () => Promise<void>;
}

/**
 * Everything replayable, on any store: the projection applied live, spoilt, then rebuilt from the log by
 * `replayProjections` (its `reset`, then every event again), twice, gives the live read model each time.
 */
export async function expectReplayRebuilds(c: ReplayCase): Promise<void> {
  for (const event of c.events) await c.subscription.handler(event);
  const live = await c.snapshot();
  const log: EventLog = {
    read: async (topics, each) => {
      for (const event of c.events) if (topics.includes(event.topic)) await each(event);
    },
  };
  for (let run = 1; run <= 2; run++) {
    await c.damage();
    expect(await c.snapshot()).not.toEqual(live);
    const report = await replayProjections({
      subscriptions: [c.subscription],
      log,
      logger: pino({ level: 'silent' }),
    });
    expect(report.projections).toEqual([
      expect.objectContaining({ group: c.subscription.group, events: c.events.length, parked: 0 }),
    ]);
    expect(await c.snapshot()).toEqual(live);
  }
}

/** `expectParksAndReplays` for a service on every store it runs on, built by `adapters` as its composition does. */
export function describeParkingOnEveryStore(
  subject: string,
  adapters: StoreAdapters<{ service: ServiceDefinition; parked: ParkedEventStore }>,
): void {
  describeOnEveryStore(subject, adapters, (open) => {
    it('parks what its projections keep failing in its own store, and resets them for a replay', async () => {
      const { service, parked, close } = await open();
      try {
        await expectParksAndReplays(service, parked);
      } finally {
        await close();
      }
    });
  });
}
