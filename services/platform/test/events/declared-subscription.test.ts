import { CirrusCreatedSchema, CirrusSignedInSchema, CirrusVerifiedSchema, Topics } from '@vellum/proto';
import { eventMessage } from '../../src/events/append-event';
import { declaredSubscription, whenEvent, type Delivered } from '../../src/events/declared-subscription';
import { identityCirriCases, type CirrusWord } from '../../src/events/identity-cirri';

const at = new Date('2026-03-01T10:00:00Z');
const identity = (
  schema: typeof CirrusCreatedSchema | typeof CirrusVerifiedSchema | typeof CirrusSignedInSchema,
) =>
  eventMessage('identity', {
    topic: Topics.identityCirrus,
    aggregateId: 'c1',
    payloadSchema: schema,
    payload: { cirrusId: 'c1', username: 'ada', displayName: 'Ada' } as never,
    occurredAt: at,
  });

describe('a declared subscription', () => {
  it('applies the case of each event type with its id and time, and ignores the other types', async () => {
    const seen: Array<[string, Delivered]> = [];
    const subscription = declaredSubscription({
      group: 'g',
      topics: [Topics.identityCirrus],
      on: [whenEvent(CirrusCreatedSchema, (e, delivered) => void seen.push([e.username, delivered]))],
      reset: async () => undefined,
    });
    const created = identity(CirrusCreatedSchema);
    await subscription.handler(created);
    await subscription.handler(identity(CirrusSignedInSchema));
    expect(seen).toEqual([['ada', { eventId: created.id, at }]]);
    expect(subscription.reset).toBeDefined();
    expect(subscription.reaction).toBeUndefined();
  });

  it('is a reaction or a read model, as declared', () => {
    const reaction = declaredSubscription({ group: 'g', topics: ['t'], on: [], reaction: true });
    expect(reaction.reaction).toBe(true);
    expect(reaction.reset).toBeUndefined();
  });

  it("maps identity's events onto a store with its own inbox", async () => {
    const applied: Array<[string, CirrusWord]> = [];
    const subscription = declaredSubscription({
      group: 'g',
      topics: [Topics.identityCirrus],
      on: identityCirriCases({
        applyCirrus: async (eventId, cirrus) => (applied.push([eventId, cirrus]), true),
        removeCirrus: async () => undefined,
      }),
      reset: async () => undefined,
    });
    const [created, verified] = [identity(CirrusCreatedSchema), identity(CirrusVerifiedSchema)];
    await subscription.handler(created);
    await subscription.handler(verified);
    await subscription.handler(identity(CirrusSignedInSchema));
    expect(applied).toEqual([
      [created.id, { id: 'c1', username: 'ada', displayName: 'Ada' }],
      [verified.id, { id: 'c1', username: 'ada', verified: true }],
    ]);
  });
});
