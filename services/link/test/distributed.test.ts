import { decodePayload, LinkPageChange, LinkPageChangedSchema, Topics } from '@vellum/proto';
import {
  describeDistributed,
  describeWithServer,
  eventually,
  linkApiSuite,
  readTopic,
  signedIn,
} from '@vellum/platform/test-support';

/**
 * Gateway, identity and link as three processes, as the chart runs them: link on MongoDB's protocol (FerretDB here)
 * and Kafka, learning of accounts from identity's events and publishing its own.
 */
describeWithServer('MONGO_URL', 'the link service on MongoDB', () => {
  describeDistributed(['link'], (product) => {
    linkApiSuite(() => product().gateway.url);

    it('publishes LinkPageChanged to Kafka on link.page.v1, keyed by the owner', async () => {
      const dana = await signedIn(product().gateway.url, 'Dana');
      const added = await eventually(async () => {
        const res = await dana.client.post<{ link: { _id: string } }>(`/api/link/${dana.username}`, {
          linkLabel: 'Over Kafka',
          linkURL: 'https://kafka.example.com',
        });
        return res.status === 201 ? res.body.link : undefined;
      }, 60_000);
      const [seen] = await readTopic({
        brokers: product().brokers,
        topic: Topics.linkPage,
        count: 1,
        pick: ({ envelope }) =>
          envelope.type === LinkPageChangedSchema.typeName &&
          decodePayload(envelope, LinkPageChangedSchema).linkId === added._id,
      });
      const event = decodePayload(seen!.envelope, LinkPageChangedSchema);
      expect({
        key: seen!.key,
        ownerId: event.ownerId,
        change: event.change,
        version: event.version,
      }).toEqual({
        key: dana.id,
        ownerId: dana.id,
        change: LinkPageChange.LINK_ADDED,
        version: 1,
      });
      expect(event.links.map((l) => [l.label, l.url, l.position])).toEqual([
        ['Over Kafka', 'https://kafka.example.com', 0],
      ]);
    }, 90_000);
  });
});
