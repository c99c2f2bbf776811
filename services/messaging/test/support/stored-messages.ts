import { randomUUID } from 'node:crypto';
import { pairKeyOf } from '../../src/domain/conversation';
import { keyOf } from '../../src/domain/cursor';
import { timeOrderedId } from '../../src/domain/time-ordered-id';
import type { StoredConversation, StoredMessage } from '../../src/store/messaging-repository';

/** The contracts' clock: every stored time is this plus some seconds. */
export const t0 = Date.UTC(2026, 2, 1, 10);

export const newConversation = (a: string, b: string, at = new Date(t0)): StoredConversation => {
  const participants = [a, b].sort() as [string, string];
  return {
    id: randomUUID(),
    participants,
    pairKey: pairKeyOf(a, b),
    startedBy: a,
    startedAt: at,
    vellums: participants
      .map((owner) => ({ id: randomUUID(), owner }))
      .sort((x, y) => x.owner.localeCompare(y.owner)),
  };
};

/** A message of `sender` in `c`, sent `seconds` after t0. */
export const storedMessage = (
  c: StoredConversation,
  sender: string,
  seconds: number,
  text = `at ${seconds}`,
): StoredMessage => {
  const sentAt = new Date(t0 + seconds * 1000);
  const id = timeOrderedId();
  const recipient = c.participants.find((p) => p !== sender)!;
  return {
    id,
    conversation: c.id,
    sender,
    recipient,
    text,
    sentAt,
    key: keyOf(sentAt, id),
    editedAt: null,
    deletedAt: null,
  };
};
