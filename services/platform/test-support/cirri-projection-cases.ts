import { randomUUID } from 'node:crypto';
import { eventMessage, type ParkedEventStore, type Subscription } from '@vellum/platform';
import { CirrusCreatedSchema, CirrusProfileChangedSchema, CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { expectParkedThenReplayed, expectReplayRebuilds } from './parked';

/** What identity's events say of a cirrus, as a service's store applies it once per event id. */
export interface CirriStore {
  applyCirrus(
    eventId: string,
    cirrus: { id: string; username: string; displayName?: string; image?: string; verified?: boolean },
  ): Promise<boolean>;
}

export interface CirriProjectionUnderTest<S extends CirriStore> {
  store: S;
  /** Where the store's consumers park. */
  parked: ParkedEventStore;
  /** The service's projection of identity's events over `store`, parking with `park`. */
  projection: (store: S, park?: Subscription['park']) => Subscription;
  /** The cirrus as the read model holds it (JSON-comparable), undefined when it holds none. */
  read: (id: string) => Promise<{ displayName: string } | null | undefined>;
}

const identity = (
  id: string,
  schema: typeof CirrusCreatedSchema | typeof CirrusVerifiedSchema | typeof CirrusProfileChangedSchema,
  payload: object,
) =>
  eventMessage('identity', {
    topic: Topics.identityCirrus,
    aggregateId: id,
    payloadSchema: schema,
    payload: { cirrusId: id, username: `r${id.slice(0, 8)}`, ...payload },
    occurredAt: new Date(),
  } as never);

/**
 * The cases every projection of identity's cirri passes on every store it runs on (inside a describe of the store's
 * contract): rebuilt by a replay to what it was live, and nothing dropped when it keeps failing on an event.
 */
export function cirriProjectionCases<S extends CirriStore>(get: () => CirriProjectionUnderTest<S>): void {
  it("rebuilds identity's word on cirri from the log: the same as live, replay after replay", async () => {
    const t = get();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const events = ids.flatMap((id, n) => [
      identity(id, CirrusCreatedSchema, { displayName: 'first' }),
      ...(n === 0 ? [] : [identity(id, CirrusVerifiedSchema, {})]),
      identity(id, CirrusProfileChangedSchema, { displayName: 'second', image: 'https://img.example/a.png' }),
      identity(id, CirrusProfileChangedSchema, { displayName: `third ${n}`, image: '' }),
    ]);
    await expectReplayRebuilds({
      subscription: t.projection(t.store),
      events,
      damage: async () =>
        void (await t.store.applyCirrus(randomUUID(), {
          id: ids[1]!,
          username: `r${ids[1]!.slice(0, 8)}`,
          displayName: 'spoilt',
        })),
      snapshot: async () => Promise.all(ids.map((id) => t.read(id))),
    });
    expect(await t.read(ids[0]!)).toEqual(expect.objectContaining({ displayName: 'third 0' }));
  });

  it('parks an identity event its projection keeps failing, and applies it when replayed once fixed', async () => {
    const t = get();
    const id = randomUUID();
    let broken = true;
    const flaky: S = {
      ...t.store,
      applyCirrus: async (eventId, cirrus) => {
        if (broken) throw new Error('cannot apply this yet');
        return t.store.applyCirrus(eventId, cirrus);
      },
    };
    await expectParkedThenReplayed({
      parked: t.parked,
      subscription: t.projection(flaky, t.parked.park),
      event: identity(id, CirrusCreatedSchema, { displayName: 'Parked Once' }),
      fix: () => {
        broken = false;
      },
      applied: async () => (await t.read(id))?.displayName === 'Parked Once',
    });
  });
}
