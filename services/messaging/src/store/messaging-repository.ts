import type { CirrusWord, ParsedSearch, PendingEvents, UnitOfWork } from '@vellum/platform';
import type { NotificationKind, TextSnippet } from '@vellum/proto';

/** A cirrus as identity's events (or, until they arrive, the caller's own assertion) told it. */
export interface KnownCirrus {
  id: string;
  username: string;
  displayName: string;
  image: string;
  /** Whether identity announced the email verified (a signed-in caller is: only verified cirri sign in). */
  verified: boolean;
}

/** A participant's conversation vellum: its id, and whose it is. */
export interface VellumRef {
  id: string;
  owner: string;
}

export interface StoredConversation {
  id: string;
  /** The two participants' ids, sorted: `pairKey` is them joined, unique in the store. */
  participants: [string, string];
  pairKey: string;
  startedBy: string;
  startedAt: Date;
  /** One per participant, created with the conversation. */
  vellums: VellumRef[];
}

export interface StoredMessage {
  id: string;
  conversation: string;
  sender: string;
  recipient: string;
  text: string;
  sentAt: Date;
  /** `<sentAt ISO>|<id>`: sorts as the messages were accepted; read marks and cursors compare it. */
  key: string;
  /** The sender's last edit; null when never edited. */
  editedAt: Date | null;
  /** When its sender deleted it (its text is then ''); null while it stands. */
  deletedAt: Date | null;
}

/** A message a search found, and a short passage of its text with the found words marked. */
export interface FoundMessage {
  message: StoredMessage;
  snippet: TextSnippet;
}

export interface ReadMark {
  conversation: string;
  reader: string;
  /** The newest message read, and its key. */
  upTo: string;
  key: string;
  at: Date;
}

/**
 * What another cirrus did that concerns the recipient, learned from an event (its id is the event's): who, what,
 * about which thing (`subject`: the followee's id for a follow, the action's, the vellum's, the conversation's).
 */
export interface StoredNotification {
  id: string;
  recipient: string;
  actor: string;
  kind: NotificationKind;
  subject: string;
  at: Date;
  /** `<at ISO>|<id>`: the list's order, its cursors and the recipient's read and cleared marks compare it. */
  key: string;
}

/** A recipient's marks over their notifications (insert-only; the greatest of each kind counts). */
export type NotificationMarkKind = 'read' | 'cleared';

/** A recipient's effective marks: null where none was made. */
export interface NotificationMarks {
  read: string | null;
  cleared: string | null;
}

export interface StoredVellum extends VellumRef {
  conversation: string;
  title: string;
  /** The document as a JSON string; '' while empty. */
  text: string;
  /** Null until the first save. */
  lastEdited: Date | null;
}

/**
 * The messaging service's store (its use cases' writes are `MessagingWrites`, in a unit of work). Everything is written by single-document inserts (MongoDB has no multi-document
 * transactions, and FerretDB applies updates as a read and a write): a conversation (unique per pair), a message,
 * a read mark (the effective mark is the greatest). Only a conversation vellum's save replaces its document whole.
 * Two adapters keep this contract (`test/support/repository.contract.ts`): MongoDB (distributed) and Postgres
 * through the platform's Db port (embedded on PGlite).
 */
export interface MessagingRepository {
  /**
   * Applies identity's word on a cirrus once per event id (the inbox); true when applied now. False, writing nothing,
   * for a deleted cirrus (its tombstone): a late or replayed event brings nothing of it back.
   */
  applyCirrus(eventId: string, change: CirrusWord): Promise<boolean>;
  /**
   * Forgets which of identity's events were applied, so that a replay applies each again, in order (the cirri are
   * also recorded from callers' assertions, so nothing is emptied: the last event wins again).
   */
  forgetAppliedCirri(): Promise<void>;
  /**
   * A deleted cirrus (`CirrusDeleted`): its tombstone is recorded first (kept for good: no later event or write about
   * it stores anything), then every conversation it took part in goes, whole (its messages, read marks and
   * conversation vellums, the other participant's too), then the cirrus itself. Removing what is already gone
   * changes nothing: a redelivered event is harmless
   * (Postgres also records `eventId` in its inbox, as `applyCirrus` does).
   */
  removeCirrus(eventId: string, cirrusId: string): Promise<void>;
  cirrus(id: string): Promise<KnownCirrus | null>;
  /** In any case. */
  cirrusByUsername(username: string): Promise<KnownCirrus | null>;
  /**
   * The caller as the projection knows it; one it does not know yet (identity's events still on their way) is
   * recorded from the assertion as verified (only verified cirri sign in), and its events fill in the names. Null,
   * recording nothing, for a caller whose account was deleted (its assertion may still be valid).
   */
  rememberCaller(caller: { id: string; username: string }): Promise<KnownCirrus | null>;

  conversation(id: string): Promise<StoredConversation | null>;
  /** Which of these pair keys (`pairKeyOf`) have a conversation: one indexed lookup of the unique keys. */
  existingPairs(pairKeys: readonly string[]): Promise<Set<string>>;
  /** Every conversation the cirrus takes part in (any order). */
  conversationsOf(participant: string): Promise<StoredConversation[]>;
  /** The ids of everyone the cirrus has a conversation with (any order): ids only, for a fan-out. */
  counterpartsOf(participant: string): Promise<string[]>;

  message(id: string): Promise<StoredMessage | null>;
  /**
   * The conversation's messages newest first: those with a key below `beforeKey` when given; with `afterKey`, the
   * `limit` messages just after it (the oldest above it), still newest first.
   */
  messages(
    conversation: string,
    page: { beforeKey?: string; afterKey?: string; limit: number },
  ): Promise<StoredMessage[]>;
  /**
   * The conversation's standing (not deleted) messages whose words match `search`, newest first, those with a key
   * below `beforeKey` when given, each with its snippet. Words match by their stems in English and Russian, in
   * either alphabet; a phrase's words one after the other; the last word as a prefix when `prefixLast`.
   */
  searchMessages(
    conversation: string,
    search: ParsedSearch,
    page: { beforeKey?: string; limit: number },
  ): Promise<FoundMessage[]>;
  /** The newest message of each of these conversations that has one. */
  lastMessages(conversations: readonly string[]): Promise<Map<string, StoredMessage>>;

  /**
   * Records a read mark (insert-only; the same mark twice is one). False, storing nothing, when the conversation is
   * gone (a participant was deleted).
   */
  addReadMark(mark: ReadMark): Promise<boolean>;
  /** Each participant's effective mark in the conversation (the greatest key), by reader id. */
  readMarks(conversation: StoredConversation): Promise<Map<string, string>>;
  /**
   * Replaces a standing message's text and records the edit. False, changing nothing, when it is deleted or gone.
   */
  editMessage(id: string, text: string, at: Date): Promise<boolean>;
  /**
   * Deletes a message: its text is overwritten with '' in the store (not hidden) and its deletion recorded; it no
   * longer counts as unread. A deleted one stays as it is. False when there is no such message.
   */
  deleteMessage(id: string, at: Date): Promise<boolean>;

  /**
   * The reader's unread messages (from the other participant, after the reader's mark, not deleted), by
   * conversation.
   */
  unread(reader: string): Promise<Map<string, number>>;

  /** Which of these cirri hide their presence (the others show it: the default). */
  presenceHidden(ids: readonly string[]): Promise<Set<string>>;
  /**
   * Records whether the cirrus hides their presence; false, storing nothing, for a deleted cirrus. `removeCirrus`
   * removes the setting with the rest.
   */
  setPresenceHidden(id: string, hidden: boolean): Promise<boolean>;

  vellum(id: string): Promise<StoredVellum | null>;
  /** Replaces the vellum's title and text (the last of two saves at once stays, whole). */
  saveVellum(vellum: StoredVellum): Promise<void>;

  /**
   * Stores a notification once per event id (its `id`); true when stored now. False, storing nothing, when it was
   * stored before, when its actor or recipient was deleted (their tombstone, before or while it is written), when
   * the recipient cleared their notifications past it, when it happened before `keptSince`, or when a newer one of
   * the same actor, kind and subject is there; an older one of those goes (a follow after an unfollow is one).
   * `removeCirrus` also
   * removes every notification for or about the deleted cirrus, and its marks.
   */
  addNotification(notification: StoredNotification, keptSince: Date): Promise<boolean>;
  /** Forgets every notification and which events were applied, so that a replay stores them again (marks stay). */
  forgetNotifications(): Promise<void>;
  /** The recipient's notifications newest first: since `keptSince`, after their cleared mark, below `beforeKey`. */
  notifications(
    recipient: string,
    page: { beforeKey?: string; keptSince: Date; limit: number },
  ): Promise<StoredNotification[]>;
  notification(id: string): Promise<StoredNotification | null>;
  /** The recipient's notifications since `keptSince` after both of their marks. */
  unreadNotifications(recipient: string, keptSince: Date): Promise<number>;
  notificationMarks(recipient: string): Promise<NotificationMarks>;
  /**
   * Records a mark (insert-only; the same twice is one). A cleared mark also removes the recipient's notifications
   * up to it.
   */
  markNotifications(recipient: string, kind: NotificationMarkKind, key: string, at: Date): Promise<void>;
  /** Removes every notification that happened before `keptSince` (the periodic sweep); how many went. */
  sweepNotifications(keptSince: Date): Promise<number>;
}

/**
 * The writes of the messaging service's use cases, made inside a unit of work (`MessagingUnit`): each takes the
 * events the unit published and stores them with its change in ONE atomic write, or, writing nothing, drops them.
 */
export interface MessagingWrites {
  /**
   * Stores the conversation with its two vellums and the unit's events, unless the pair has one already: then nothing is
   * written and the existing one is answered (`created: false`). Null, writing nothing, when a participant was
   * deleted (a conversation started while the deletion came is removed) or the existing one went meanwhile.
   */
  startConversation(
    conversation: StoredConversation,
    at: Date,
  ): Promise<{ conversation: StoredConversation; created: boolean } | null>;

  /**
   * Stores the message with the unit's events in one write. False, storing nothing, when its sender or recipient was deleted
   * (their conversation is gone, or goes with the deletion under way).
   */
  addMessage(message: StoredMessage, at: Date): Promise<boolean>;
}

/** What a use case's unit of work holds: the store's writes. */
export interface MessagingUnit {
  store: MessagingWrites;
}

/** One adapter of the store: its reads and projection writes, and the writes a unit of work binds. */
export interface MessagingStore {
  store: MessagingRepository;
  unitOfWork: UnitOfWork<MessagingUnit>;
}

/** An adapter's writes over the events a unit published (`PendingEvents`). */
export type MessagingWritesOf = (pending: PendingEvents) => MessagingWrites;
