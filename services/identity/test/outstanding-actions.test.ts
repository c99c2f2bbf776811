import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  packEnvelope,
  Topics,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { eventually } from '../../platform/test/support/standalone-service';
import { identityHarness } from './support/service-harness';
import { newAccount } from './support/accounts';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

/** Publishes an action event as the action service's relay would, and waits until identity's inbox has it. */
async function actionEvent<D extends DescMessage>(
  h: Harness,
  schema: D,
  ownerId: string,
  payload: MessageInitShape<D>,
  id: string = randomUUID(),
) {
  const value = packEnvelope({
    id,
    producer: 'action',
    aggregateId: ownerId,
    payloadSchema: schema,
    payload,
  });
  await h.bus.publish([{ id, topic: Topics.actionAction, key: ownerId, type: schema.typeName, value }]);
  await eventually(async () => {
    const { rows } = await h.db.query('SELECT 1 FROM identity.inbox WHERE event_id = $1', [id]);
    return rows.length === 1 || undefined;
  });
  return id;
}

describe("identity's outstandingActions, kept from the action service's events", () => {
  let h: Harness;
  let username: string;
  let id: string;
  const outstanding = async () =>
    (await request(h.app).get(`/api/cirrus/${username}`)).body.viewedCirrus.outstandingActions;

  beforeAll(async () => {
    h = await identityHarness();
    const account = newAccount();
    await request(h.app).post('/api/cirrus/create').send(account);
    const token = new URL(h.mailbox.list(account.email)[0]!.links[0]!).pathname.split('/').pop();
    await request(h.app).post('/api/verification/email').send({ email: account.email, token });
    username = account.username;
    id = (await h.db.query<{ id: string }>('SELECT id FROM identity.cirri WHERE username = $1', [username]))
      .rows[0]!.id;
  }, 30_000);
  afterAll(() => h.close());

  it('is 0 before any action event', async () => {
    expect(await outstanding()).toBe(0);
  });

  it("takes each event's count for the owner, once per event", async () => {
    const first = await actionEvent(h, ActionRequestedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 2,
    });
    expect(await outstanding()).toBe(2);
    await actionEvent(h, ActionCompletedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 1,
    });
    expect(await outstanding()).toBe(1);
    // A redelivered older event changes nothing.
    await actionEvent(h, ActionRequestedSchema, id, { ownerId: id, outstandingActions: 2 }, first);
    expect(await outstanding()).toBe(1);
    await actionEvent(h, ActionCreatedSchema, id, {
      actionId: randomUUID(),
      ownerId: id,
      outstandingActions: 0,
    });
    expect(await outstanding()).toBe(0);
  });
});
