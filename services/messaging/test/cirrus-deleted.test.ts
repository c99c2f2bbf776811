import { CirrusVerifiedSchema, messengerPaths, Topics } from '@vellum/proto';
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

  it('keeps a tombstone: after late events, neither she nor anyone can start a conversation or write to her (404)', async () => {
    const [ann, bob] = [await h.person('Ann'), await h.person('Bob')];
    const old = (await h.as(bob).post(messengerPaths.conversations, { username: ann.username }).expect(201))
      .body.conversation.conversation as string;
    await h.deleteCirrus(ann);
    // Identity's word on her arriving late, or replayed.
    await h.profileChanged(ann, { displayName: 'Ann Again' });
    await h.eventsOf('identity', Topics.identityCirrus)(CirrusVerifiedSchema, ann.id, {
      cirrusId: ann.id,
      username: ann.username,
    });

    const withHer = await h.as(bob).post(messengerPaths.conversations, { username: ann.username });
    expect(withHer.status).toBe(404);
    expect(JSON.stringify(withHer.body)).toContain('This cirrus does not exist.');
    // Her assertion is still valid: the request passed the gateway before her sessions ended.
    const byHer = await h.as(ann).post(messengerPaths.conversations, { username: bob.username });
    expect(byHer.status).toBe(404);
    expect(JSON.stringify(byHer.body)).toContain('This cirrus does not exist.');
    expect((await h.as(ann).post(messengerPaths.messages(old), { text: 'Back' })).status).toBe(404);
    expect((await h.as(bob).post(messengerPaths.messages(old), { text: 'Hi?' })).status).toBe(404);

    expect((await h.as(bob).get(messengerPaths.conversations).expect(200)).body.conversations).toEqual([]);
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM messaging.cirri WHERE id = $1)
            + (SELECT count(*) FROM messaging.conversations WHERE participant_a = $1 OR participant_b = $1)
            + (SELECT count(*) FROM messaging.messages WHERE sender_id = $1 OR recipient_id = $1) AS n`,
      [ann.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
