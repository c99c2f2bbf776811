import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../text/control-characters';
import { answerSchema, requestBody, textField } from './fields';
import { pageCursorField, pageLimitField } from './paging';
import { TEXT_SEARCH_MAX, searchMessages, textSnippetSchema, type TextSnippet } from './search';

// Request schemas, answers and realtime events of messaging (spec sections 3, 4 and 7, and the messenger's own
// calls under /api/messenger/…), shared by the messaging service and the messenger micro-frontend.

/** A message's text: 1 to 2,000 characters after trimming (counted as the reader sees them). */
export const MESSAGE_TEXT_MAX = 2000;
/** Messages a sender may send per minute before the service answers 429. */
export const MESSAGES_PER_MINUTE = 60;
/** Realtime sockets one person may have open at once, counted across every replica (tabs, windows, devices). */
export const SOCKETS_PER_PERSON = 20;
/** New conversations a person may start per hour before the service answers 429 (opening an existing one is free). */
export const CONVERSATIONS_PER_HOUR = 30;
/** A page of conversations or messages: the default and the most a client may ask for. */
export const MESSENGER_PAGE_DEFAULT = 30;
export const MESSENGER_PAGE_MAX = 100;
/** Minutes after sending during which the sender may edit a message (deleting has no limit). */
export const MESSAGE_EDIT_MINUTES = 15;
/** A page of a conversation's search results: the default (the most is MESSENGER_PAGE_MAX). */
export const MESSAGE_SEARCH_PAGE_DEFAULT = 20;

export const messagingMessages = {
  textRequired: 'Write a message first.',
  textTooLong: `A message has at most ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters.`,
  usernameRequired: 'Say whom to message.',
  signIn: 'Sign in to use the Messenger.',
  verifyFirst: 'Verify your email address before messaging.',
  notYourself: 'You cannot start a conversation with yourself.',
  cirrusNotFound: 'This cirrus does not exist.',
  conversationNotFound: 'This conversation does not exist.',
  messageNotFound: 'This message is not in the conversation.',
  tooFast: 'You are sending messages too quickly. Please wait a minute and try again.',
  tooManySockets: `You have the Messenger open in too many tabs or windows (at most ${SOCKETS_PER_PERSON}). Close some and try again.`,
  startingTooFast: 'You are starting new conversations too quickly. Please wait an hour and try again.',
  vellumOwnerOnly: 'Only its owner edits this Conversation Vellum.',
  sendFailed: 'Your message could not be sent. Please try again.',
  typingTooOften: 'Typing is told at most once a second.',
  senderOnly: 'Only its sender edits or deletes a message.',
  editTooLate: `A message can be edited for ${MESSAGE_EDIT_MINUTES} minutes after it is sent.`,
  messageDeleted: 'This message was deleted.',
  noConversations: 'No conversations yet.',
  searchRequired: 'Type the words to look for.',
  searchTooLong: searchMessages.tooLong,
  onePageAtATime: 'Ask for one page: before a cursor, after a cursor, or around a message.',
  noMessagesFound: 'No messages found.',
  searchFailed: 'The search could not be done. Please try again.',
} as const;

const characters = (text: string) => [...text].length;

/** A message's text: trimmed, 1 to 2,000 characters, lines and tabs kept, other control characters refused. */
export const messageTextSchema = textField('Message', messagingMessages.textRequired, {
  trim: true,
  keepControls: CONTROL_CHARACTERS.multiLine,
})
  .refine((text) => text.length > 0, { error: messagingMessages.textRequired, abort: true })
  .refine((text) => characters(text) <= MESSAGE_TEXT_MAX, {
    error: messagingMessages.textTooLong,
    abort: true,
  });

/** POST /api/messenger/conversations: open (or start) the conversation with a cirrus. */
export const openConversationSchema = requestBody({
  username: textField('Username', messagingMessages.usernameRequired, { trim: true }).refine(
    (text) => text.length > 0,
    { error: messagingMessages.usernameRequired, abort: true },
  ),
});

/** POST /api/messenger/conversations/{conversation}/messages. */
export const sendMessageSchema = requestBody({ text: messageTextSchema });

/** PUT /api/messenger/conversations/{conversation}/messages/{message}: the new text, checked as a new message's. */
export const editMessageSchema = requestBody({ text: messageTextSchema });

/** POST /api/messenger/conversations/{conversation}/read: everything up to and including this message is read. */
export const markReadSchema = requestBody({
  upTo: textField('upTo', 'Say which message was read.', { trim: true }),
});

/**
 * GET /api/messenger/conversations[?limit=n&cursor=c] and …/messages[?limit=n&before=c]: `cursor` and `before` are
 * the previous page's `nextCursor`.
 */
export const messengerPageQuerySchema = z.object({
  limit: pageLimitField(MESSENGER_PAGE_DEFAULT, MESSENGER_PAGE_MAX),
  cursor: pageCursorField,
  before: pageCursorField,
  /** …/messages only: the page of messages just newer than this cursor (a page's `newerCursor`). */
  after: pageCursorField,
  /** …/messages only: the page around this message (its id), some older and some newer, with cursors both ways. */
  around: z.string().optional(),
});

/**
 * GET /api/messenger/conversations/{conversation}/search?q=&before=&limit=: the words to look for (trimmed, 1 to
 * TEXT_SEARCH_MAX characters; stems in English and Russian, either alphabet, "phrases" in quotes, the last word as
 * a prefix), `before` the previous page's `nextCursor`.
 */
export const messageSearchQuerySchema = z.object({
  q: textField('The search', messagingMessages.searchRequired, { trim: true })
    .min(1, { error: messagingMessages.searchRequired, abort: true })
    .max(TEXT_SEARCH_MAX, { error: messagingMessages.searchTooLong, abort: true }),
  before: pageCursorField,
  limit: pageLimitField(MESSAGE_SEARCH_PAGE_DEFAULT, MESSENGER_PAGE_MAX),
});

export type OpenConversationInput = z.output<typeof openConversationSchema>;
export type SendMessageInput = z.output<typeof sendMessageSchema>;
export type EditMessageInput = z.output<typeof editMessageSchema>;
export type MarkReadInput = z.output<typeof markReadSchema>;

/** A participant as the messenger shows them (from the service's projection of identity's cirri). */
export interface ParticipantView {
  i: string;
  username: string;
  displayName: string;
  /** An https URL, or '' for the generated avatar. */
  image: string;
  imageBackground: string;
}

/** A message. `text` is plain text: the client renders it as text, and only safe http(s) URLs as links. */
export interface MessageView {
  id: string;
  conversation: string;
  /** The sender's id and username. */
  sender: string;
  senderUsername: string;
  text: string;
  /** ISO time the service accepted it. */
  sentAt: string;
  /** True once the recipient marked it (or a later message) read. */
  read: boolean;
  /** ISO time of the sender's last edit; null when never edited. */
  editedAt: string | null;
  /** Deleted by its sender: `text` is '' (gone from the store), shown as 'This message was deleted.'. */
  deleted: boolean;
}

/** One of my conversations, as the list and the chat header show it. */
export interface ConversationView {
  conversation: string;
  otherParticipant: ParticipantView;
  lastMessage: MessageView | null;
  /** Messages from the other participant I have not read. */
  unread: number;
  /** ISO time of the last message, else of the conversation's start: the list's order, newest first. */
  updatedAt: string;
}

/** GET /api/messenger/conversations?cursor=&limit=: mine, newest first. */
export interface ConversationsPage {
  conversations: ConversationView[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** POST /api/messenger/conversations (201 when started, 200 when it existed) and GET …/conversations/{id}. */
export interface ConversationAnswer {
  conversation: ConversationView;
}

/**
 * GET /api/messenger/conversations/{conversation}/messages?before=&limit= (or `after=`, or `around=`): newest first.
 */
export interface MessagesPage {
  messages: MessageView[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: string | null;
  /**
   * With `after` or `around` only: pass as `after` for the next newer page; null when this page reaches the newest
   * message.
   */
  newerCursor?: string | null;
}

/** One message a search found, and where in its text the words are. */
export interface MessageSearchHit {
  message: MessageView;
  snippet: TextSnippet;
}

/** GET /api/messenger/conversations/{conversation}/search?q=: the messages found, newest first. */
export interface MessageSearchPage {
  results: MessageSearchHit[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** POST …/messages answers 201 with the message; PUT and DELETE …/messages/{message} 200 with it as changed. */
export interface SentMessage {
  message: MessageView;
}

/** POST …/read answers with my unread counts after the mark. */
export interface ReadAnswer {
  conversation: string;
  unread: number;
  unreadMessages: number;
}

/** GET /api/unread-messages (spec section 3). */
export interface UnreadMessages {
  unreadMessages: number;
}

/**
 * Realtime (socket.io on the root path, spec section 7). Each socket joins only its own user's room.
 * - the event named for the user's id (the spec's): `UserSignal`, on every new message for them and every read
 *   mark of theirs (another tab), so the badge refreshes;
 * - `message:new`: the message, to both participants' tabs;
 * - `message:read`: a participant's read mark, to both participants' tabs (read receipts);
 * - `conversation:typing`: `TypingEvent`, to the other participant's tabs only, at most once a second per typer and
 *   conversation while they type (never stored);
 * - `message:changed`: the message as edited or deleted (`MessageView`), to both participants' tabs;
 * - `notification:new`: `NotificationSignal` (my unread notifications), to the recipient's tabs, when one is stored.
 */
export const REALTIME_EVENTS = {
  newMessage: 'message:new',
  read: 'message:read',
  typing: 'conversation:typing',
  changed: 'message:changed',
  notification: 'notification:new',
} as const;

/** Seconds between two typing notices of one person in one conversation, at most. */
export const TYPING_NOTICE_INTERVAL_S = 1;
/** Seconds the other participant shows '{name} is typing…' after the last notice (gone at once on their message). */
export const TYPING_SHOWN_S = 5;

export interface TypingEvent {
  conversation: string;
  /** Who types: their id. */
  typist: string;
}

export interface UserSignal {
  unreadMessages: number;
  conversation: string;
}

export interface ReadMarkEvent {
  conversation: string;
  /** Who read: their id. */
  reader: string;
  /** The newest message they have read. */
  upTo: string;
  at: string;
}

/** The API paths, in one place for the service, the gateway's table and the client. */
export const messengerPaths = {
  unread: '/api/unread-messages',
  conversations: '/api/messenger/conversations',
  conversation: (id: string) => `/api/messenger/conversations/${encodeURIComponent(id)}`,
  messages: (id: string) => `/api/messenger/conversations/${encodeURIComponent(id)}/messages`,
  read: (id: string) => `/api/messenger/conversations/${encodeURIComponent(id)}/read`,
  typing: (id: string) => `/api/messenger/conversations/${encodeURIComponent(id)}/typing`,
  search: (id: string) => `/api/messenger/conversations/${encodeURIComponent(id)}/search`,
  /** One message: PUT edits it, DELETE deletes it (its sender only). */
  message: (id: string, messageId: string) =>
    `/api/messenger/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
  /** The spec's conversation vellum calls (section 7). */
  conversationVellum: (conversation: string, username: string) =>
    `/messenger/${encodeURIComponent(conversation)}/vellum/${encodeURIComponent(username)}`,
  saveConversationVellum: (id: string) => `/messenger/vellum/${encodeURIComponent(id)}`,
} as const;

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const participantViewSchema = answerSchema<ParticipantView>()(
  z.object({
    i: z.string(),
    username: z.string(),
    displayName: z.string(),
    image: z.string(),
    imageBackground: z.string(),
  }),
);
export const messageViewSchema = answerSchema<MessageView>()(
  z.object({
    id: z.string(),
    conversation: z.string(),
    sender: z.string(),
    senderUsername: z.string(),
    text: z.string(),
    sentAt: z.string(),
    read: z.boolean(),
    editedAt: z.string().nullable(),
    deleted: z.boolean(),
  }),
);
export const conversationViewSchema = answerSchema<ConversationView>()(
  z.object({
    conversation: z.string(),
    otherParticipant: participantViewSchema,
    lastMessage: messageViewSchema.nullable(),
    unread: z.number().int(),
    updatedAt: z.string(),
  }),
);
export const conversationsPageSchema = answerSchema<ConversationsPage>()(
  z.object({ conversations: z.array(conversationViewSchema), nextCursor: z.string().nullable() }),
);
export const conversationAnswerSchema = answerSchema<ConversationAnswer>()(
  z.object({ conversation: conversationViewSchema }),
);
export const messagesPageSchema = answerSchema<MessagesPage>()(
  z.object({
    messages: z.array(messageViewSchema),
    nextCursor: z.string().nullable(),
    newerCursor: z.string().nullable().optional(),
  }),
);
export const messageSearchPageSchema = answerSchema<MessageSearchPage>()(
  z.object({
    results: z.array(z.object({ message: messageViewSchema, snippet: textSnippetSchema })),
    nextCursor: z.string().nullable(),
  }),
);
export const sentMessageSchema = answerSchema<SentMessage>()(z.object({ message: messageViewSchema }));
export const readAnswerSchema = answerSchema<ReadAnswer>()(
  z.object({ conversation: z.string(), unread: z.number().int(), unreadMessages: z.number().int() }),
);
export const unreadMessagesSchema = answerSchema<UnreadMessages>()(
  z.object({ unreadMessages: z.number().int() }),
);

/** A conversation vellum's fields, as the editor remote reads them (`last_edited` null before its first save). */
export const conversationVellumFieldsSchema = z.object({
  i: z.string(),
  title: z.string(),
  text: z.string(),
  last_edited: z.string().nullable(),
});

/** GET /messenger/{conversation}/vellum/{username} (spec section 3). */
export const conversationVellumResponseSchema = z.object({
  vellum: conversationVellumFieldsSchema,
  vellumTitle: z.string(),
  /** The caller's counterpart in the conversation. */
  otherParticipant: z.object({
    username: z.string(),
    display_name: z.string(),
    displayName: z.string(),
    image: z.string(),
  }),
  /** The other vellum of the conversation: the one of the participant whose vellum this is not. */
  otherVellum: z.object({ conversation: z.string(), username: z.string() }),
  authorizedToView: z.boolean(),
  authorizedToEdit: z.boolean(),
});
export type ConversationVellumResponse = z.infer<typeof conversationVellumResponseSchema>;

/** POST /messenger/vellum/{id}: the vellum as saved. */
export const savedConversationVellumSchema = z.object({ vellum: conversationVellumFieldsSchema });
