import type { ParkedEventStore } from '../../src/events/parked';
import { replayParked } from '../../src/events/parked';
import type { BusMessage } from '../../src/events/types';
import { message, text, uniqueName } from './bus.contract';

/** A fresh, empty store of parked events, and how to let go of it. */
export interface ParkedStoreSetup {
  open(): Promise<ParkedEventStore>;
  close(): Promise<void>;
}

/**
 * What every `ParkedEventStore` adapter does alike (Postgres and PGlite tables, a MongoDB collection): parking,
 * listing oldest first by group or id, replacing a re-parked event, and the replay's bookkeeping.
 */
export function describeParkedStore(setup: () => ParkedStoreSetup) {
  let s: ParkedStoreSetup;
  let store: ParkedEventStore;
  beforeEach(async () => {
    s = setup();
    store = await s.open();
  }, 30_000);
  afterEach(async () => {
    await s.close();
  }, 30_000);

  const park = (group: string, m: BusMessage, error: unknown = new Error('broken'), attempts = 3) =>
    store.park({ group, message: m, error, attempts });

  it('keeps the message as delivered, with its last error and attempts', async () => {
    const m = message(uniqueName('kept'), 'key-1', 'x');
    await park('g', m, new TypeError('no such cirrus'), 8);
    const [parked, ...others] = await store.list();
    expect(others).toEqual([]);
    expect(parked).toEqual({
      id: m.id,
      group: 'g',
      topic: m.topic,
      key: 'key-1',
      type: m.type,
      value: m.value,
      error: 'TypeError: no such cirrus',
      attempts: 8,
      parkedAt: expect.any(Date),
    });
    expect(Math.abs(parked!.parkedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('lists oldest first, by group or by id; replays only the ids asked for; reports groups nobody reads', async () => {
    const topic = uniqueName('parked');
    const [a, b, c] = ['a', 'b', 'c'].map((t) => message(topic, 'k', t));
    await park('g1', a!);
    await park('g1', b!);
    await park('g2', c!);
    expect((await store.list()).map((p) => [p.group, text(p)])).toEqual([
      ['g1', 'a'],
      ['g1', 'b'],
      ['g2', 'c'],
    ]);
    expect((await store.list({ group: 'g2' })).map(text)).toEqual(['c']);
    expect((await store.list({ ids: [b!.id] })).map(text)).toEqual(['b']);

    const handled: string[] = [];
    expect(await replayParked(store, async (m) => void handled.push(text(m)), { ids: [b!.id] })).toEqual({
      replayed: [{ id: b!.id, group: 'g1' }],
      failed: [],
    });
    expect(handled).toEqual(['b']);

    const g1 = { group: 'g1', topics: [topic], handler: async (m: BusMessage) => void handled.push(text(m)) };
    expect(await replayParked(store, [g1])).toEqual({
      replayed: [{ id: a!.id, group: 'g1' }],
      failed: [{ id: c!.id, group: 'g2', error: `no subscription of group "g2" to topic "${topic}"` }],
    });
    expect(handled).toEqual(['b', 'a']);
    expect((await store.list()).map(text)).toEqual(['c']);
  });

  it('keeps one entry per group and event: parked again, its error and attempts are replaced', async () => {
    const m = message(uniqueName('again'), 'k', 'x');
    await park('g', m, new Error('first'));
    await park('g', m, 'second', 5);
    await park('other', m, 'elsewhere', 8);
    expect(await store.list({ group: 'g' })).toEqual([
      expect.objectContaining({ id: m.id, group: 'g', error: 'second', attempts: 5 }),
    ]);
    expect(await store.list()).toHaveLength(2);
  });

  it('records a failed replay on the event (one more attempt, its error) and removes a replayed one', async () => {
    const topic = uniqueName('replay');
    const m = message(topic, 'k', 'x');
    await park('g', m, new Error('first'), 8);
    let broken = true;
    const subscription = {
      group: 'g',
      topics: [topic],
      handler: async () => {
        if (broken) throw new Error('still broken');
      },
    };
    expect(await replayParked(store, [subscription])).toEqual({
      replayed: [],
      failed: [{ id: m.id, group: 'g', error: 'Error: still broken' }],
    });
    expect(await store.list()).toEqual([
      expect.objectContaining({ id: m.id, error: 'Error: still broken', attempts: 9 }),
    ]);
    broken = false;
    expect(await replayParked(store, [subscription])).toEqual({
      replayed: [{ id: m.id, group: 'g' }],
      failed: [],
    });
    expect(await store.list()).toEqual([]);
  });

  it('keeps at most 2,000 characters of an error', async () => {
    await park('g', message(uniqueName('long'), 'k', 'x'), new Error('e'.repeat(5000)));
    const [parked] = await store.list();
    expect(parked!.error).toHaveLength(2000);
  });
}
