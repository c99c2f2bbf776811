import type { Table } from './grid';

const participants = { anonymous: 401, others: 404, participant: 200, owner: 200 };
const nobody = { anonymous: 401, others: 404, owner: 404 };
/** The owner's message: the participant sees it but may not change it (403), anyone else finds nothing. */
const sendersOnly = { anonymous: 401, others: 404, participant: 403, owner: 200 };

/** The owner's message in the conversation, or the deleted account's in theirs. */
const messagePath: Table[string]['path'] = (w, v) =>
  v === 'conversation'
    ? { id: w.values.conversation, messageId: w.messageId }
    : { id: w.values.deletedPersonsConversation, messageId: w.deletedPersonsMessageId };

/** The messaging service: conversations, their messages, read marks and conversation vellums. */
export const messaging: Table = {
  countUnreadMessages: {
    rule: "the caller's own count",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  listConversations: {
    rule: "the caller's own conversations (a deleted account's are gone from the participant's list)",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  openConversation: {
    rule: "the caller's own conversation with a verified person; none with a deleted or unverified account",
    callersOwn: "the caller's own conversation",
    body: (w, _actor, v) => ({ username: w.values[v] }),
    expect: {
      ownerName: { anonymous: 401, others: 201, participant: 200, owner: 400 },
      unverifiedName: { anonymous: 401, others: 404, owner: 404 },
      deletedName: { anonymous: 401, others: 404, owner: 404 },
    },
  },
  getConversation: {
    rule: 'its two participants only; anyone else 404 (the id names nothing of theirs)',
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  listMessages: {
    rule: 'its two participants only',
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  sendMessage: {
    rule: 'its two participants only; nobody writes to a deleted account',
    callersOwn: "the caller's own message in their own conversation",
    body: () => ({ text: 'Hello again' }),
    expect: {
      conversation: { anonymous: 401, others: 404, participant: 201, owner: 201 },
      deletedPersonsConversation: nobody,
    },
  },
  markRead: {
    rule: 'a participant marks their own read mark only',
    callersOwn: "the caller's own read mark",
    body: (w, _actor, v) => ({ upTo: v === 'conversation' ? w.messageId : w.deletedPersonsMessageId }),
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  editMessage: {
    rule: 'its sender only, within 15 minutes; the other participant 403, anyone else 404',
    path: messagePath,
    // The owner puts the same text back: the message (a secret) stays in the world for later cells.
    body: (w) => ({ text: w.secrets.find((s) => s.what === 'a message')!.value }),
    expect: { conversation: sendersOnly, deletedPersonsConversation: nobody },
  },
  deleteMessage: {
    rule: 'its sender only, at any time; the other participant 403, anyone else 404',
    path: messagePath,
    late: 1,
    expect: { conversation: sendersOnly, deletedPersonsConversation: nobody },
  },
  searchMessages: {
    rule: "its two participants only: anyone else 404, and no result of another conversation's",
    // The world's message (a secret its two participants may read) is found by its first word.
    query: 'q=Message',
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  signalTyping: {
    rule: 'a participant tells the other one only; anyone else 404, and nobody hears it',
    callersOwn: "the caller's own typing in their own conversation",
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  listNotifications: {
    rule: "the caller's own notifications only (a deleted account's are gone from the owner's list)",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  countUnreadNotifications: {
    rule: "the caller's own count",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  markNotificationsRead: {
    rule: "the caller marks their own notifications only: another's is 404 (the id names nothing of theirs)",
    callersOwn: "the caller's own read mark",
    body: (w, _actor, v) => ({ upTo: w.values[v] }),
    expect: { ownersNotification: { anonymous: 401, others: 404, owner: 200 } },
  },
  clearNotifications: {
    rule: 'the caller clears their own notifications only',
    callersOwn: "the caller's own notifications",
    late: 1,
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  getPresence: {
    rule: "the caller's own view: presence only of people they have a conversation with (the sockets' row checks whose)",
    query: 'ids=0be7e0c4-0000-4000-8000-000000000000',
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  getPresenceSettings: {
    rule: "the caller's own setting",
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  changePresenceSettings: {
    rule: "the caller changes their own setting only (no id names anyone else's)",
    callersOwn: "the caller's own setting",
    body: () => ({ visible: true }),
    expect: { none: { anonymous: 401, others: 200, owner: 200 } },
  },
  getConversationVellum: {
    rule: "both participants view each one's conversation vellum; anyone else 404",
    path: (w, v) =>
      v === 'conversation'
        ? { conversation: w.values.conversation, username: w.values.ownerName }
        : { conversation: w.values.deletedPersonsConversation, username: w.values.deletedName },
    headers: { accept: 'application/json' },
    expect: { conversation: participants, deletedPersonsConversation: nobody },
  },
  saveConversationVellum: {
    rule: 'only its owner saves it: the other participant 403, anyone else 404',
    body: (w) => ({ title: 'Ours', text: w.document(`Saved ${w.tag}`) }),
    expect: {
      conversationVellum: { anonymous: 401, others: 404, participant: 403, owner: 200 },
      deletedPersonsConversationVellum: { anonymous: 401, others: 404, owner: 404 },
    },
  },
};
