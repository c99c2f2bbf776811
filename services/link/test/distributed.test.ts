import {
  decodePayload,
  LinkClickedSchema,
  LinkPageChange,
  LinkPageChangedSchema,
  Topics,
} from '@vellum/proto';
import {
  describeDistributed,
  describeWithServer,
  eventually,
  navigate,
  readTopic,
  signedIn,
} from '@vellum/platform/test-support';
import { linkApiSuite } from '../test-support';

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

    it('publishes exactly one LinkClicked to Kafka per counted click, keyed by the owner', async () => {
      const eve = await signedIn(product().gateway.url, 'Eve');
      const added = await eventually(async () => {
        const res = await eve.client.post<{ link: { _id: string } }>(`/api/link/${eve.username}`, {
          linkLabel: 'Clicked',
          linkURL: 'https://clicked.example.com',
        });
        return res.status === 201 ? res.body.link : undefined;
      }, 60_000);
      // A browser's navigation (Node's fetch would be a script's call: redirected, not counted).
      const go = await navigate(`${product().gateway.url}/api/link/go/${added._id}`);
      expect([go.status, go.location]).toEqual([302, 'https://clicked.example.com']);
      const seen = await readTopic({
        brokers: product().brokers,
        topic: Topics.linkPage,
        count: 1,
        settleMs: 2_000,
        pick: ({ envelope }) =>
          envelope.type === LinkClickedSchema.typeName &&
          decodePayload(envelope, LinkClickedSchema).linkId === added._id,
      });
      expect(seen).toHaveLength(1);
      expect({
        key: seen[0]!.key,
        ownerId: decodePayload(seen[0]!.envelope, LinkClickedSchema).ownerId,
      }).toEqual({
        key: eve.id,
        ownerId: eve.id,
      });
    }, 90_000);
  });
});
