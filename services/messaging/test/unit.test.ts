import { Forbidden, Invalid, NotFound } from '@vellum/platform';
import { messagingMessages, pagingMessages } from '@vellum/proto';
import {
  idOf,
  mayMessage,
  otherOf,
  ownConversation,
  pairKeyOf,
  recipientFor,
} from '../src/domain/conversation';
import { conversationVellumView, ownVellum, participantNamed } from '../src/domain/conversation-vellum';
import { keyOf, pageCursor } from '../src/domain/cursor';
import { keptSince, notificationOf, targetOf } from '../src/domain/notification';
import { timeOrderedId } from '../src/domain/time-ordered-id';
import { totalOf } from '../src/domain/unread';
import { messageView } from '../src/domain/views';
import type { KnownCirrus, StoredConversation, StoredVellum } from '../src/store/messaging-repository';

const [A, B, C] = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
];
const cirrus = (id: string, username: string, verified = true): KnownCirrus => ({
  id,
  username,
  displayName: username.toUpperCase(),
  image: '',
  verified,
});
const conversation: StoredConversation = {
  id: '00000000-0000-4000-8000-0000000000cc',
  participants: [A, B],
  pairKey: pairKeyOf(A, B),
  startedBy: A,
  startedAt: new Date('2026-01-01T00:00:00Z'),
  vellums: [
    { id: 'va', owner: A },
    { id: 'vb', owner: B },
  ],
};
const vellum: StoredVellum = {
  id: 'va',
  owner: A,
  conversation: conversation.id,
  title: 'T',
  text: '',
  lastEdited: null,
};

describe('conversation rules', () => {
  it('keys a pair the same whoever starts', () => {
    expect(pairKeyOf(B, A)).toBe(pairKeyOf(A, B));
    expect(pairKeyOf(A, C)).not.toBe(pairKeyOf(A, B));
  });

  it('lets only verified callers message, and only verified others', () => {
    expect(() => mayMessage(cirrus(A, 'a', false))).toThrow(new Forbidden(messagingMessages.verifyFirst));
    expect(() => mayMessage(cirrus(A, 'a'))).not.toThrow();
    const caller = { id: A, username: 'a' };
    expect(() => recipientFor(caller, null)).toThrow(new NotFound(messagingMessages.cirrusNotFound));
    expect(() => recipientFor(caller, cirrus(B, 'b', false))).toThrow(NotFound);
    expect(() => recipientFor(caller, cirrus(A, 'a'))).toThrow(new Invalid(messagingMessages.notYourself));
    expect(recipientFor(caller, cirrus(B, 'b')).id).toBe(B);
  });

  it('answers a conversation to its participants only, anyone else as a missing one', () => {
    expect(ownConversation({ id: B, username: 'b' }, conversation)).toBe(conversation);
    for (const found of [conversation, null]) {
      expect(() => ownConversation({ id: C, username: 'c' }, found)).toThrow(
        new NotFound(messagingMessages.conversationNotFound),
      );
    }
    expect([otherOf(conversation, A), otherOf(conversation, B)]).toEqual([B, A]);
    expect(() => idOf('x', 'gone')).toThrow(new NotFound('gone'));
    expect(idOf(A.toUpperCase(), 'gone')).toBe(A);
  });
});

describe('keys, cursors and pages', () => {
  it('makes time-ordered ids that sort as they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedId(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('round-trips a key through a cursor and refuses anything else', () => {
    const key = keyOf(new Date('2026-01-02T03:04:05.006Z'), A);
    expect(key).toBe(`2026-01-02T03:04:05.006Z|${A}`);
    expect(pageCursor.decode(pageCursor.encode([key]))).toEqual([key]);
    const forged = (...parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const bad of [
      '',
      'x',
      forged('2026-01-02|x'),
      forged(`${key}|more`),
      forged(key, A),
      Buffer.from(key).toString('base64url'),
      'a'.repeat(401),
    ]) {
      expect(() => pageCursor.decode(bad)).toThrow(new Invalid(pagingMessages.cursor));
    }
  });

  it('sums unread counts', () => {
    expect(
      totalOf(
        new Map([
          ['a', 2],
          ['b', 3],
        ]),
      ),
    ).toBe(5);
    expect(totalOf(new Map())).toBe(0);
  });
});

describe('views', () => {
  it('marks a message read once the recipient’s mark reached it', () => {
    const message = {
      id: A,
      conversation: conversation.id,
      sender: A,
      recipient: B,
      text: '<b>plain</b>',
      sentAt: new Date('2026-01-01T00:00:01Z'),
      key: keyOf(new Date('2026-01-01T00:00:01Z'), A),
      editedAt: null,
      deletedAt: null,
    };
    expect(messageView(message, 'a', undefined).read).toBe(false);
    expect(messageView(message, 'a', message.key).read).toBe(true);
    expect(messageView(message, 'a', keyOf(new Date('2026-01-01T00:00:00Z'), B)).read).toBe(false);
    expect(messageView(message, 'a', undefined).text).toBe('<b>plain</b>');
    expect(messageView(message, 'a', undefined)).toMatchObject({ editedAt: null, deleted: false });
  });

  it('shows an edited message with its edit time and a deleted one without text', () => {
    const at = new Date('2026-01-01T00:05:00Z');
    const base = {
      id: A,
      conversation: conversation.id,
      sender: A,
      recipient: B,
      text: 'hi',
      sentAt: new Date('2026-01-01T00:00:01Z'),
      key: keyOf(new Date('2026-01-01T00:00:01Z'), A),
      editedAt: at,
      deletedAt: null,
    };
    expect(messageView(base, 'a', undefined)).toMatchObject({
      text: 'hi',
      editedAt: at.toISOString(),
      deleted: false,
    });
    // A row whose text was not yet overwritten still shows none once deleted.
    expect(messageView({ ...base, deletedAt: at }, 'a', undefined)).toMatchObject({
      text: '',
      deleted: true,
    });
  });

  it('lets both participants view a conversation vellum and only its owner edit it', () => {
    const participants = [cirrus(A, 'ann'), cirrus(B, 'bob')];
    expect(participantNamed(participants, 'BOB').id).toBe(B);
    expect(() => participantNamed(participants, 'cy')).toThrow(NotFound);
    const asOwner = conversationVellumView({
      caller: { id: A, username: 'ann' },
      conversation,
      owner: participants[0]!,
      participants,
      vellum,
    });
    expect(asOwner).toMatchObject({
      vellum: { i: 'va', title: 'T', text: '', last_edited: null },
      otherParticipant: { username: 'bob' },
      otherVellum: { conversation: conversation.id, username: 'bob' },
      authorizedToView: true,
      authorizedToEdit: true,
    });
    const asOther = conversationVellumView({
      caller: { id: B, username: 'bob' },
      conversation,
      owner: participants[0]!,
      participants,
      vellum,
    });
    expect(asOther).toMatchObject({
      otherParticipant: { username: 'ann' },
      otherVellum: { username: 'bob' },
      authorizedToEdit: false,
    });
    expect(ownVellum({ id: A, username: 'ann' }, vellum, conversation)).toBe(vellum);
    expect(() => ownVellum({ id: B, username: 'bob' }, vellum, conversation)).toThrow(
      new Forbidden(messagingMessages.vellumOwnerOnly),
    );
    expect(() => ownVellum({ id: C, username: 'cy' }, vellum, conversation)).toThrow(NotFound);
    expect(() => ownVellum({ id: A, username: 'ann' }, null, conversation)).toThrow(NotFound);
  });
});

describe('notifications (domain)', () => {
  const at = new Date('2026-03-01T10:00:00.000Z');
  const E = '00000000-0000-4000-8000-0000000000ee';
  const happening = { eventId: E, kind: 'followed' as const, actor: A, recipient: B, subject: B, at };

  it('makes one of an event, its key the time and the event id, ids in lower case', () => {
    expect(notificationOf({ ...happening, actor: A.toUpperCase() })).toEqual({
      id: E,
      kind: 'followed',
      actor: A,
      recipient: B,
      subject: B,
      at,
      key: keyOf(at, E),
    });
  });

  it('makes none to oneself, nor of ids that are not ids or a time that is not one', () => {
    expect(notificationOf({ ...happening, recipient: A })).toBeNull();
    for (const bad of ['', 'x', `${A}' OR 1=1`, '\u0000'])
      for (const field of ['eventId', 'actor', 'recipient', 'subject'] as const)
        expect(notificationOf({ ...happening, [field]: bad })).toBeNull();
    expect(notificationOf({ ...happening, at: new Date(Number.NaN) })).toBeNull();
  });

  it('links each kind to its page, names encoded', () => {
    expect(targetOf({ kind: 'followed', subject: B }, 'ann/../x', 'bob')).toBe('/cirrus/ann%2F..%2Fx');
    expect(targetOf({ kind: 'actionRequested', subject: C }, 'ann', 'bob')).toBe('/cirrus/bob/actions');
    expect(targetOf({ kind: 'vellumRated', subject: C }, 'ann', 'bob')).toBe(`/vellum/${C}`);
    expect(targetOf({ kind: 'conversationStarted', subject: C }, 'ann', 'bob')).toBe(`/messenger/${C}`);
  });

  it('keeps 90 days', () => {
    expect(keptSince(at).toISOString()).toBe('2025-12-01T10:00:00.000Z');
  });
});
