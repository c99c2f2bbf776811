import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ActionCompletedSchema, ActionCreatedSchema, ActionRequestedSchema, Topics } from '@vellum/proto';
import { identityHarness } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

describe("identity's outstandingActions, kept from the action service's events", () => {
  let h: Harness;
  let username: string;
  let id: string;
  /** An action event, as the action service's relay publishes it; resolves once identity's inbox has it. */
  let actionEvent: ReturnType<Harness['eventsOf']>;
  const outstanding = async () =>
    (await request(h.app).get(`/api/cirrus/${username}`)).body.viewedCirrus.outstandingActions;

  beforeAll(async () => {
    h = await identityHarness();
    actionEvent = h.eventsOf('action', Topics.actionAction);
    ({ username, id } = await h.verifiedCirrus());
  }, 30_000);
  afterAll(() => h.close());

  it('is 0 before any action event', async () => {
    expect(await outstanding()).toBe(0);
  });

  it("takes each event's count for the owner, once per event", async () => {
    const first = await actionEvent(ActionRequestedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 2,
    });
    expect(await outstanding()).toBe(2);
    await actionEvent(ActionCompletedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 1,
    });
    expect(await outstanding()).toBe(1);
    // A redelivered older event changes nothing.
    await actionEvent(ActionRequestedSchema, id, { ownerId: id, outstandingActions: 2 }, first);
    expect(await outstanding()).toBe(1);
    await actionEvent(ActionCreatedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 0,
    });
    expect(await outstanding()).toBe(0);
  });
});
