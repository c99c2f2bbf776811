import { randomUUID } from 'node:crypto';
import {
  messengerPaths,
  messagingMessages,
  PRESENCE_IDS_MAX,
  presenceMessages,
  presencePaths,
  type PresenceAnswer,
} from '@vellum/proto';
import { messagingHarness, type MessagingHarness, type Person } from './support/messaging-harness';

describe('presence in the messenger (PGlite, sockets recorded)', () => {
  let h: MessagingHarness;
  beforeAll(async () => {
    h = await messagingHarness();
  }, 60_000);
  afterAll(() => h.close());

  const converse = async (a: Person, b: Person) =>
    void (await h.as(a).post(messengerPaths.conversations, { username: b.username }).expect(201));
  const presence = async (who: Person, ids: string[]) =>
    (await h.as(who).get(presencePaths.presence(ids)).expect(200)).body as PresenceAnswer;
  const setVisible = (who: Person, visible: boolean) =>
    h.as(who).put(presencePaths.settings).send({ visible }).expect(200, { visible });
  const presenceNotices = () =>
    h.notices.flatMap((n) =>
      n.kind === 'presence' ? [{ to: [...n.notice.to].sort(), ...n.notice.presence }] : [],
    );

  it('shows online or last seen for the people one has a conversation with, and nobody else', async () => {
    const [ann, bob, cy, dan] = [
      await h.person('Ann'),
      await h.person('Bob'),
      await h.person('Cy'),
      await h.person('Dan'),
    ];
    await converse(ann, bob);
    await converse(cy, ann);
    // Dan has no conversation with Ann: his presence is not hers to see, online or not.
    await h.sockets.open(bob.id);
    await h.sockets.open(dan.id);
    await h.sockets.open(cy.id);
    const before = Date.now();
    await h.sockets.close(cy.id);

    const seen = await presence(ann, [bob.id, cy.id, dan.id, ann.id, randomUUID()]);
    expect(seen.visible).toBe(true);
    expect(seen.presence.map((p) => p.i).sort()).toEqual([bob.id, cy.id].sort());
    const byId = new Map(seen.presence.map((p) => [p.i, p]));
    expect(byId.get(bob.id)).toMatchObject({ online: true });
    expect(byId.get(cy.id)!.online).toBe(false);
    expect(Date.parse(byId.get(cy.id)!.lastSeen!)).toBeGreaterThanOrEqual(before - 5);
    // Ids in upper case are the same people.
    expect((await presence(ann, [bob.id.toUpperCase()])).presence.map((p) => p.i)).toEqual([bob.id]);
    // One never seen is offline with no time.
    const eve = await h.person('Eve');
    await converse(eve, ann);
    expect((await presence(ann, [eve.id])).presence).toEqual([{ i: eve.id, online: false, lastSeen: null }]);
    // Dan asks about Ann: no conversation, nothing.
    await h.sockets.open(ann.id);
    expect((await presence(dan, [ann.id])).presence).toEqual([]);
  });

  it('refuses a visitor and an unreadable list of ids, with the reason', async () => {
    const ann = await h.person('Ann');
    await h
      .as()
      .get(presencePaths.presence([ann.id]))
      .expect(401, { errorMessage: messagingMessages.signIn });
    await h.as().get(presencePaths.settings).expect(401, { errorMessage: messagingMessages.signIn });
    const refused = async (query: string, errorMessage: string) =>
      h.as(ann).get(`/api/messenger/presence${query}`).expect(400, { errorMessage });
    await refused('', presenceMessages.idsRequired);
    await refused('?ids=', presenceMessages.idsInvalid);
    await refused('?ids=not-an-id', presenceMessages.idsInvalid);
    await refused(`?ids=${ann.id},x`, presenceMessages.idsInvalid);
    const many = Array.from({ length: PRESENCE_IDS_MAX + 1 }, () => randomUUID()).join(',');
    await refused(`?ids=${many}`, presenceMessages.tooManyIds);
    for (const body of [{}, { visible: 'no' }, { visible: null }, [true]]) {
      const res = await h.as(ann).put(presencePaths.settings).send(body);
      expect(res.status).toBe(400);
    }
    await h.as(ann).get(presencePaths.settings).expect(200, { visible: true });
  });

  it('hides a person who turns it off, from everyone, and shows them nobody; the others are told at once', async () => {
    const [fay, gus, hal, ivy] = [
      await h.person('Fay'),
      await h.person('Gus'),
      await h.person('Hal'),
      await h.person('Ivy'),
    ];
    await converse(fay, gus);
    await converse(hal, fay);
    await converse(fay, ivy);
    await setVisible(ivy, false);
    for (const p of [fay, gus, hal, ivy]) await h.sockets.open(p.id);
    const from = h.notices.length;

    await setVisible(fay, false);
    await h.as(fay).get(presencePaths.settings).expect(200, { visible: false });
    expect(await presence(gus, [fay.id])).toEqual({ visible: true, presence: [] });
    expect(await presence(fay, [gus.id, hal.id])).toEqual({ visible: false, presence: [] });
    // Told: Gus and Hal, who show theirs; not Ivy, who hides hers.
    const hidden = h.notices.slice(from).filter((n) => n.kind === 'presence');
    expect(hidden).toEqual([
      {
        kind: 'presence',
        notice: { to: expect.arrayContaining([gus.id, hal.id]), presence: { i: fay.id, presence: null } },
      },
    ]);
    expect(hidden[0]!.kind === 'presence' && hidden[0]!.notice.to).toHaveLength(2);

    await setVisible(fay, true);
    expect((await presence(gus, [fay.id])).presence).toEqual([
      { i: fay.id, online: true, lastSeen: expect.any(String) },
    ]);
    expect(presenceNotices().at(-1)).toEqual({
      to: [gus.id, hal.id].sort(),
      i: fay.id,
      presence: { i: fay.id, online: true, lastSeen: expect.any(String) },
    });
    // Ivy hides hers: she is not shown to Fay.
    expect((await presence(fay, [ivy.id, gus.id])).presence.map((p) => p.i)).toEqual([gus.id]);
  });

  it('tells the people one has a conversation with when one comes online and goes offline', async () => {
    const [jo, kim, lou, max] = [
      await h.person('Jo'),
      await h.person('Kim'),
      await h.person('Lou'),
      await h.person('Max'),
    ];
    await converse(jo, kim);
    await converse(lou, jo);
    await converse(jo, max);
    await setVisible(max, false);
    const from = h.notices.length;
    await h.sockets.open(jo.id);
    await h.sockets.close(jo.id);
    const [online, offline] = h.notices.slice(from).flatMap((n) => (n.kind === 'presence' ? [n.notice] : []));
    expect([...online!.to].sort()).toEqual([kim.id, lou.id].sort());
    expect(online!.presence).toEqual({
      i: jo.id,
      presence: { i: jo.id, online: true, lastSeen: expect.any(String) },
    });
    expect(offline!.presence.presence).toMatchObject({ i: jo.id, online: false });
    // A person with no conversation comes online: nobody to tell.
    const ned = await h.person('Ned');
    const count = h.notices.length;
    await h.sockets.open(ned.id);
    expect(h.notices.length).toBe(count);
  });

  it("removes a deleted account's setting, and its assertion changes nothing afterwards", async () => {
    const [oda, pat] = [await h.person('Oda'), await h.person('Pat')];
    await converse(oda, pat);
    await setVisible(oda, false);
    await h.deleteCirrus(oda);
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM messaging.presence_settings WHERE cirrus_id = $1',
      [oda.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    await h.as(oda).put(presencePaths.settings).send({ visible: false }).expect(404);
    expect((await presence(pat, [oda.id])).presence).toEqual([]);
  });
});
