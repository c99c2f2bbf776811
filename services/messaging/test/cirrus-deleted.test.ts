import { messengerPaths } from '@vellum/proto';
import { messagingHarness, type MessagingHarness } from './support/messaging-harness';

describe('CirrusDeleted in the messaging service (Postgres adapter)', () => {
  let h: MessagingHarness;
  beforeAll(async () => {
    h = await messagingHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('removes every conversation they took part in, whole, and the cirrus; others keep theirs; applied once', async () => {
    const [ann, bob, cy] = [await h.person('Ann'), await h.person('Bob'), await h.person('Cy')];
    const open = async (from: typeof ann, to: typeof ann) =>
      (await h.as(from).post(messengerPaths.conversations, { username: to.username }).expect(201)).body
        .conversation.conversation as string;
    const withAnn = await open(bob, ann);
    const withCy = await open(bob, cy);
    await h.as(ann).post(messengerPaths.messages(withAnn), { text: 'Goodbye' }).expect(201);
    await h.as(cy).post(messengerPaths.messages(withCy), { text: 'Hello' }).expect(201);

    const id = await h.deleteCirrus(ann);
    await h.deleteCirrus(ann, id);
    await h.profileChanged(bob, { displayName: 'Bob Barrier' });

    const list = await h.as(bob).get(messengerPaths.conversations).expect(200);
    expect(list.body.conversations.map((c: { conversation: string }) => c.conversation)).toEqual([withCy]);
    await h.as(bob).get(messengerPaths.messages(withAnn)).expect(404);
    expect((await h.as(bob).get(messengerPaths.unread).expect(200)).body).toEqual({ unreadMessages: 1 });
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM messaging.cirri WHERE id = $1)
            + (SELECT count(*) FROM messaging.conversations WHERE participant_a = $1 OR participant_b = $1)
            + (SELECT count(*) FROM messaging.messages WHERE sender_id = $1 OR recipient_id = $1)
            + (SELECT count(*) FROM messaging.conversation_vellums WHERE owner_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
