import { randomUUID } from 'node:crypto';
import type { EventBus, ParkedEventStore } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { cirriProjectionCases, eventually, publishedByStore } from '@vellum/platform/test-support';
import { cirriProjection } from '../../src/events/cirri-projection';
import type { MessagingRepository, MessagingStore } from '../../src/service';
import { sentEvent, startedEvent, unitWrites } from './unit-writes';
import type { StoredMessage } from '../../src/store/messaging-repository';
import { notificationsContract } from './notifications.contract';
import { searchContract } from './search.contract';
import { newConversation, storedMessage, t0 } from './stored-messages';

/** One adapter under test: the repository, a relay that publishes its pending events to `bus`, its teardown. */
export interface RepositoryUnderTest {
  store: MessagingRepository;
  /** The use cases' write boundary over the same store. */
  unitOfWork: MessagingStore['unitOfWork'];
  relay(bus: EventBus): { flush(): Promise<number> };
  /** Where the adapter's consumers park the events they keep failing on. */
  parked: ParkedEventStore;
  /** How many marks the store keeps for a reader in a conversation, where it prunes the older ones (MongoDB). */
  keptMarks?(conversation: string, reader: string): Promise<number>;
  /**
   * The store applies an update as a read and then a write (FerretDB 1.x), so a sender's change of a message waits
   * for the relay to clear its event rather than race its write.
   */
  changesWaitForRelay?: boolean;
  /** A message's text as its row or document holds it, read past the repository; null when there is none. */
  storedText(id: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The contract of `MessagingRepository`, run against every adapter (PGlite, Postgres, MongoDB's protocol): what the
 * use cases rely on, and the outbox's promise that a write's events are stored with it and published.
 */
export function repositoryContract(open: () => Promise<RepositoryUnderTest>): void {
  let t: RepositoryUnderTest;
  const writes = () => unitWrites(t);
  let bus: EventBus;
  const published = publishedByStore(
    open,
    Topics.messagingMessage,
    (opened, b) => void ([t, bus] = [opened, b]),
  );

  const message = storedMessage;
  const pair = () => [randomUUID(), randomUUID()] as const;

  cirriProjectionCases(() => ({
    store: t.store,
    parked: t.parked,
    projection: cirriProjection,
    read: (id) => t.store.cirrus(id),
  }));

  it("keeps identity's word on a cirrus once per event; verification is never undone", async () => {
    const id = randomUUID();
    // Names of their own per run (the real servers keep earlier runs' rows).
    const [x, y] = [`Ann.X${id.slice(0, 8)}`, `ann.y${id.slice(0, 8)}`];
    const [created, verified, changed] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await t.store.applyCirrus(created, { id, username: x, displayName: 'Ann X' })).toBe(true);
    expect(await t.store.cirrus(id)).toEqual({
      id,
      username: x,
      displayName: 'Ann X',
      image: '',
      verified: false,
    });
    expect(await t.store.applyCirrus(verified, { id, username: x, verified: true })).toBe(true);
    expect(
      await t.store.applyCirrus(changed, {
        id,
        username: y,
        displayName: 'Ann Y',
        image: 'https://i.example/a.png',
      }),
    ).toBe(true);
    // A repeat of CirrusCreated changes nothing; a later one keeps the verification.
    expect(await t.store.applyCirrus(created, { id, username: x, displayName: 'Ann X' })).toBe(false);
    expect(await t.store.applyCirrus(randomUUID(), { id, username: y, displayName: 'Ann Y' })).toBe(true);
    const expected = {
      id,
      username: y,
      displayName: 'Ann Y',
      image: 'https://i.example/a.png',
      verified: true,
    };
    expect(await t.store.cirrus(id)).toEqual(expected);
    expect(await t.store.cirrusByUsername(y.toUpperCase())).toEqual(expected);
    expect(await t.store.cirrusByUsername(x.toLowerCase())).toBeNull();
    // A caller unknown to the projection is recorded as verified (signed in); a known one is answered as it is.
    const newcomer = randomUUID();
    expect(await t.store.rememberCaller({ id: newcomer, username: 'New.One' })).toEqual({
      id: newcomer,
      username: 'New.One',
      displayName: '',
      image: '',
      verified: true,
    });
    expect(
      await t.store.applyCirrus(randomUUID(), { id: newcomer, username: 'New.One', displayName: 'New' }),
    ).toBe(true);
    expect(await t.store.cirrus(newcomer)).toMatchObject({ displayName: 'New', verified: true });
    const pending = randomUUID();
    await t.store.applyCirrus(randomUUID(), { id: pending, username: 'pending', displayName: 'P' });
    expect((await t.store.rememberCaller({ id: pending, username: 'pending' }))!.verified).toBe(false);
  });

  it('stores one conversation per pair, whoever starts it and however many start it at once', async () => {
    const [a, b] = pair();
    const attempts = [
      newConversation(a, b),
      newConversation(b, a),
      newConversation(a, b),
      newConversation(b, a),
    ];
    const results = await Promise.all(
      attempts.map((c) => writes().startConversation(c, [startedEvent(c, b)], c.startedAt)),
    );
    expect(results.filter((r) => r?.created)).toHaveLength(1);
    const winner = results.find((r) => r?.created)!.conversation;
    expect(results.map((r) => r?.conversation)).toEqual(results.map(() => winner));
    expect(await t.store.conversation(winner.id)).toEqual(winner);
    expect(await t.store.conversationsOf(a)).toEqual([winner]);
    expect(await t.store.conversationsOf(b)).toEqual([winner]);
    expect(await t.store.conversation(randomUUID())).toBeNull();
    // Each participant's vellum exists, empty; the losers' never do.
    for (const v of winner.vellums) {
      expect(await t.store.vellum(v.id)).toEqual({
        ...v,
        conversation: winner.id,
        title: '',
        text: '',
        lastEdited: null,
      });
    }
    for (const lost of attempts.filter((c) => c.id !== winner.id)) {
      for (const v of lost.vellums) expect(await t.store.vellum(v.id)).toBeNull();
    }
    // Its event, once.
    await t.relay(bus).flush();
    await eventually(() => published.some((m) => m.key === winner.id) || undefined);
    expect(published.filter((m) => m.key === winner.id)).toHaveLength(1);
  });

  it('pages messages newest first, finds the last of each conversation, publishes each MessageSent', async () => {
    const [a, b] = pair();
    const c = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const other = (await writes().startConversation(newConversation(a, randomUUID()), [], new Date(t0)))!
      .conversation;
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(message(c, i % 2 ? b : a, i, `m${i}`));
    // Two in the same millisecond keep the order they were made in.
    sent.push(message(c, a, 4, 'm5'));
    for (const m of sent) await writes().addMessage(m, [sentEvent(m)], m.sentAt);
    expect(await t.store.message(sent[1]!.id)).toEqual(sent[1]);
    expect(await t.store.message(randomUUID())).toBeNull();
    const texts = (ms: StoredMessage[]) => ms.map((m) => m.text);
    const first = await t.store.messages(c.id, { limit: 4 });
    expect(texts(first)).toEqual(['m5', 'm4', 'm3', 'm2']);
    expect(texts(await t.store.messages(c.id, { beforeKey: first[3]!.key, limit: 4 }))).toEqual(['m1', 'm0']);
    expect(await t.store.messages(other.id, { limit: 4 })).toEqual([]);
    const lasts = await t.store.lastMessages([c.id, other.id, randomUUID()]);
    expect([...lasts.entries()]).toEqual([[c.id, sent[5]]]);
    expect((await t.store.lastMessages([])).size).toBe(0);
    await t.relay(bus).flush();
    await eventually(() => published.filter((m) => m.key === c.id).length === sent.length || undefined);
  });

  it('keeps read marks insert-only, the greatest effective, and counts unread messages from them', async () => {
    const [a, b] = pair();
    const c1 = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const c2 = (await writes().startConversation(newConversation(a, randomUUID()), [], new Date(t0)))!
      .conversation;
    const other2 = c2.participants.find((p) => p !== a)!;
    const fromB = [message(c1, b, 1), message(c1, b, 2), message(c1, b, 3)];
    const fromA = message(c1, a, 4);
    const fromOther = message(c2, other2, 5);
    for (const m of [...fromB, fromA, fromOther]) await writes().addMessage(m, [], m.sentAt);
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c1.id]: 3, [c2.id]: 1 });
    expect(Object.fromEntries(await t.store.unread(b))).toEqual({ [c1.id]: 1 });
    const mark = (m: StoredMessage, reader: string) =>
      t.store.addReadMark({ conversation: m.conversation, reader, upTo: m.id, key: m.key, at: new Date(t0) });
    await mark(fromB[1]!, a);
    await mark(fromB[1]!, a);
    await mark(fromB[0]!, a);
    expect(Object.fromEntries(await t.store.readMarks(c1))).toEqual({ [a]: fromB[1]!.key });
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c1.id]: 1, [c2.id]: 1 });
    await mark(fromA, b);
    await mark(fromB[2]!, a);
    expect(Object.fromEntries(await t.store.readMarks(c1))).toEqual({ [a]: fromB[2]!.key, [b]: fromA.key });
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c2.id]: 1 });
    expect((await t.store.unread(b)).size).toBe(0);
    expect((await t.store.readMarks(c2)).size).toBe(0);
  });

  it('keeps the greatest of many marks made at once, in any order, and counts unread messages from it', async () => {
    const [a, b] = pair();
    const c = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const sent = Array.from({ length: 12 }, (_, i) => message(c, b, i + 1));
    for (const m of sent) await writes().addMessage(m, [], m.sentAt);
    const shuffled = [...sent].sort(() => Math.random() - 0.5).slice(0, 8);
    await Promise.all(
      shuffled.map((m) =>
        t.store.addReadMark({ conversation: c.id, reader: a, upTo: m.id, key: m.key, at: new Date(t0) }),
      ),
    );
    const greatest = shuffled.reduce((x, y) => (y.key > x.key ? y : x));
    expect(Object.fromEntries(await t.store.readMarks(c))).toEqual({ [a]: greatest.key });
    const after = sent.filter((m) => m.key > greatest.key).length;
    expect(Object.fromEntries(await t.store.unread(a))).toEqual(after ? { [c.id]: after } : {});
    if (t.keptMarks) {
      // Each mark prunes those before it; marks made at once may each keep their own until the next.
      expect(await t.keptMarks(c.id, a)).toBeLessThanOrEqual(shuffled.length);
      await t.store.addReadMark({
        conversation: c.id,
        reader: a,
        upTo: sent[11]!.id,
        key: sent[11]!.key,
        at: new Date(t0),
      });
      expect(await t.keptMarks(c.id, a)).toBe(1);
      expect((await t.store.unread(a)).size).toBe(0);
    }
  });

  it("edits a standing message, overwrites a deleted one's text in the store, and counts no deleted one unread", async () => {
    const [a, b] = pair();
    const c = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const [first, second, third] = [
      message(c, b, 1, 'one'),
      message(c, b, 2, 'two'),
      message(c, b, 3, 'three'),
    ];
    for (const m of [first, second, third]) await writes().addMessage(m, [], m.sentAt);
    const edited = new Date(t0 + 60_000);
    expect(await t.store.editMessage(first.id, 'one, better', edited)).toBe(true);
    expect(await t.store.message(first.id)).toEqual({ ...first, text: 'one, better', editedAt: edited });
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c.id]: 3 });

    const deleted = new Date(t0 + 120_000);
    expect(await t.store.deleteMessage(first.id, deleted)).toBe(true);
    expect(await t.store.message(first.id)).toEqual({
      ...first,
      text: '',
      editedAt: edited,
      deletedAt: deleted,
    });
    expect(await t.storedText(first.id)).toBe('');
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c.id]: 2 });
    // A deleted message stays deleted: no edit brings text back, a second deletion keeps the first's time.
    expect(await t.store.editMessage(first.id, 'back', new Date(t0 + 130_000))).toBe(false);
    expect(await t.store.deleteMessage(first.id, new Date(t0 + 140_000))).toBe(true);
    expect(await t.store.message(first.id)).toMatchObject({ text: '', deletedAt: deleted });
    expect(await t.storedText(first.id)).toBe('');
    // The last message of the conversation, deleted, is still its last (shown as deleted).
    await t.store.deleteMessage(third.id, deleted);
    expect((await t.store.lastMessages([c.id])).get(c.id)).toMatchObject({
      id: third.id,
      text: '',
      deletedAt: deleted,
    });
    expect(Object.fromEntries(await t.store.unread(a))).toEqual({ [c.id]: 1 });
    expect((await t.store.messages(c.id, { limit: 10 })).map((m) => m.text)).toEqual(['', 'two', '']);
    expect(await t.store.editMessage(randomUUID(), 'x', edited)).toBe(false);
    expect(await t.store.deleteMessage(randomUUID(), deleted)).toBe(false);
    expect(await t.storedText(second.id)).toBe('two');
  });

  it('keeps an edit or deletion of a message the relay is still publishing: the relay writes no old text back', async () => {
    const [a, b] = pair();
    const c = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const sent = [1, 2, 3, 4, 5, 6].map((i) => message(c, b, i, `typo ${i}`));
    for (const m of sent) await writes().addMessage(m, [sentEvent(m)], m.sentAt);
    const at = new Date(t0 + 60_000);
    const changes = sent.map((m, i) =>
      i % 2 ? t.store.deleteMessage(m.id, at) : t.store.editMessage(m.id, `fixed ${i}`, at),
    );
    const stored = () => Promise.all(sent.map((m) => t.storedText(m.id)));
    const changed = sent.map((_, i) => (i % 2 ? '' : `fixed ${i}`));
    if (t.changesWaitForRelay) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stored()).toEqual(sent.map((m) => m.text));
    }
    await t.relay(bus).flush();
    expect(await Promise.all(changes)).toEqual(sent.map(() => true));
    expect(await stored()).toEqual(changed);
    await t.relay(bus).flush();
    expect(await stored()).toEqual(changed);
  });

  it("replaces a conversation vellum's title and text whole", async () => {
    const [a, b] = pair();
    const c = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const ref = c.vellums.find((v) => v.owner === a)!;
    const before = (await t.store.vellum(ref.id))!;
    const saves = Array.from({ length: 5 }, (_, i) => ({
      ...before,
      title: `t${i}`,
      text: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: `x${i}` }] }],
      }),
      lastEdited: new Date(t0 + i),
    }));
    await Promise.all(saves.map((s) => t.store.saveVellum(s)));
    const after = (await t.store.vellum(ref.id))!;
    // Whichever save came last stays, whole: its title with its own text and time.
    expect(saves).toContainEqual(after);
    const otherRef = c.vellums.find((v) => v.owner === b)!;
    expect((await t.store.vellum(otherRef.id))!.title).toBe('');
    expect(await t.store.vellum(randomUUID())).toBeNull();
  });

  it("removes a deleted cirrus's conversations whole and the cirrus, leaves others' alone, and can run twice", async () => {
    const [a, b] = pair();
    const c = randomUUID();
    await t.store.applyCirrus(randomUUID(), {
      id: a,
      username: `Gone.${a.slice(0, 8)}`,
      displayName: 'Gone',
    });
    const theirs = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const others = (await writes().startConversation(newConversation(b, c), [], new Date(t0)))!.conversation;
    const [fromA, fromC] = [message(theirs, a, 1), message(others, c, 2)];
    for (const m of [fromA, fromC]) await writes().addMessage(m, [], m.sentAt);
    await t.store.addReadMark({
      conversation: theirs.id,
      reader: b,
      upTo: fromA.id,
      key: fromA.key,
      at: new Date(t0),
    });
    await t.store.removeCirrus(randomUUID(), a);
    await t.store.removeCirrus(randomUUID(), a);
    expect(await t.store.cirrus(a)).toBeNull();
    expect(await t.store.conversation(theirs.id)).toBeNull();
    expect(await t.store.conversationsOf(a)).toEqual([]);
    expect((await t.store.conversationsOf(b)).map((x) => x.id)).toEqual([others.id]);
    expect(await t.store.message(fromA.id)).toBeNull();
    expect(await t.store.vellum(theirs.vellums[0]!.id)).toBeNull();
    expect(Object.fromEntries(await t.store.unread(b))).toEqual({ [others.id]: 1 });
  });

  it('names everyone a cirrus has a conversation with, from either side, and nobody after a removal', async () => {
    const [a, b] = pair();
    const [c, lonely] = pair();
    await writes().startConversation(newConversation(a, b), [], new Date(t0));
    await writes().startConversation(newConversation(c, a), [], new Date(t0));
    expect((await t.store.counterpartsOf(a)).sort()).toEqual([b, c].sort());
    expect(await t.store.counterpartsOf(b)).toEqual([a]);
    expect(await t.store.counterpartsOf(c)).toEqual([a]);
    expect(await t.store.counterpartsOf(lonely)).toEqual([]);
    await t.store.removeCirrus(randomUUID(), b);
    expect(await t.store.counterpartsOf(a)).toEqual([c]);
    expect(await t.store.counterpartsOf(b)).toEqual([]);
  });

  it('finds which pairs have a conversation, and keeps who hides their presence until their account goes', async () => {
    const [a, b] = pair();
    const [c, d] = pair();
    const started = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    expect(await t.store.existingPairs([started.pairKey, [a, c].sort().join(':'), `${c}:${d}`])).toEqual(
      new Set([started.pairKey]),
    );
    expect(await t.store.existingPairs([])).toEqual(new Set());
    expect(await t.store.presenceHidden([a, b, c])).toEqual(new Set());
    expect(await t.store.setPresenceHidden(a, true)).toBe(true);
    expect(await t.store.setPresenceHidden(c, true)).toBe(true);
    expect(await t.store.setPresenceHidden(c, true)).toBe(true);
    expect(await t.store.presenceHidden([a, b, c, d])).toEqual(new Set([a, c]));
    expect(await t.store.setPresenceHidden(c, false)).toBe(true);
    expect(await t.store.presenceHidden([a, c])).toEqual(new Set([a]));
    await t.store.removeCirrus(randomUUID(), a);
    expect(await t.store.presenceHidden([a])).toEqual(new Set());
    // Her assertion after the deletion stores nothing.
    expect(await t.store.setPresenceHidden(a, true)).toBe(false);
    expect(await t.store.presenceHidden([a])).toEqual(new Set());
    expect(await t.store.existingPairs([started.pairKey])).toEqual(new Set());
  });

  it('keeps a tombstone: no event, caller, conversation, message or read mark of a deleted cirrus is stored again', async () => {
    const [a, b] = pair();
    const name = { id: a, username: `Late.${a.slice(0, 8)}`, displayName: 'Late' };
    await t.store.applyCirrus(randomUUID(), name);
    const theirs = (await writes().startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
    const first = message(theirs, b, 1);
    expect(await writes().addMessage(first, [], first.sentAt)).toBe(true);
    await t.store.removeCirrus(randomUUID(), a);

    // identity's word on her, late or replayed; her assertion, still valid; writes that read before the deletion.
    expect(await t.store.applyCirrus(randomUUID(), { ...name, verified: true })).toBe(false);
    expect(await t.store.rememberCaller({ id: a, username: name.username })).toBeNull();
    expect(await writes().startConversation(newConversation(a, b), [], new Date(t0))).toBeNull();
    expect(await writes().startConversation(newConversation(b, a), [], new Date(t0))).toBeNull();
    const [fromB, fromA] = [message(theirs, b, 2), message(theirs, a, 3)];
    const sentB = sentEvent(fromB);
    expect(await writes().addMessage(fromB, [sentB], fromB.sentAt)).toBe(false);
    expect(await writes().addMessage(fromA, [], fromA.sentAt)).toBe(false);
    const mark = { conversation: theirs.id, reader: b, upTo: first.id, key: first.key, at: new Date(t0) };
    expect(await t.store.addReadMark(mark)).toBe(false);

    expect(await t.store.cirrus(a)).toBeNull();
    expect(await t.store.cirrusByUsername(name.username)).toBeNull();
    expect(await t.store.conversationsOf(a)).toEqual([]);
    expect(await t.store.conversationsOf(b)).toEqual([]);
    for (const m of [first, fromB, fromA]) expect(await t.store.message(m.id)).toBeNull();
    expect(Object.fromEntries(await t.store.unread(b))).toEqual({});
    await t.relay(bus).flush();
    expect(published.some((m) => m.id === sentB.id)).toBe(false);
  });

  it('leaves nothing of a cirrus deleted while others start conversations with her and write to her', async () => {
    const a = randomUUID();
    const others = Array.from({ length: 6 }, () => randomUUID());
    const racing = others.map(async (b, i) => {
      const started = await writes().startConversation(newConversation(b, a), [], new Date(t0));
      if (started) {
        const m = message(started.conversation, b, i);
        await writes().addMessage(m, [], m.sentAt);
        await t.store.addReadMark({
          conversation: m.conversation,
          reader: a,
          upTo: m.id,
          key: m.key,
          at: new Date(t0),
        });
      }
      await t.store.rememberCaller({ id: a, username: `Racing.${a.slice(0, 8)}` });
    });
    await Promise.all([...racing, t.store.removeCirrus(randomUUID(), a)]);

    expect(await t.store.cirrus(a)).toBeNull();
    expect(await t.store.conversationsOf(a)).toEqual([]);
    for (const b of others) {
      expect(await t.store.conversationsOf(b)).toEqual([]);
      expect(Object.fromEntries(await t.store.unread(b))).toEqual({});
    }
  });

  searchContract(() => ({ store: t.store, writes: writes() }));

  describe('notifications', () => notificationsContract(() => t.store));
}
