import { ActionCreatedSchema, ActionPriority, decodePayload, Topics } from '@vellum/proto';
import { describeDistributed, readTopic, signedIn } from '@vellum/platform/test-support';
import { actionApiSuite } from '../test-support';

/**
 * Gateway, identity, social and action as four processes on the real Postgres, Redis and Kafka, as the chart runs
 * them: accounts come from identity and follows from social, over Kafka.
 */
describeDistributed(['social', 'action'], (product) => {
  actionApiSuite(() => product().gateway.url);

  it('publishes to Kafka on action.action.v1, keyed by the owner', async () => {
    const dana = await signedIn(product().gateway.url, 'Dana');
    const action = (await dana.client.post<{ action: { i: string } }>('/api/action', { text: 'Over Kafka' }))
      .body.action;

    const [seen] = await readTopic({
      brokers: product().brokers,
      topic: Topics.actionAction,
      count: 1,
      pick: ({ envelope }) =>
        envelope.type === ActionCreatedSchema.typeName &&
        decodePayload(envelope, ActionCreatedSchema).actionId === action.i,
    });
    const created = decodePayload(seen!.envelope, ActionCreatedSchema);
    expect({ key: seen!.key, ownerId: created.ownerId, priority: created.priority }).toEqual({
      key: dana.id,
      ownerId: dana.id,
      priority: ActionPriority.MEDIUM,
    });
  }, 60_000);
});
