import type {
  MessageView,
  NotificationSignal,
  PresenceEvent,
  ReadMarkEvent,
  TypingEvent,
  UserSignal,
} from '@vellum/proto';
import type { PresenceState } from '@vellum/platform';

/** A new message: `message:new` to both participants' tabs, and the recipient's id event with their unread total. */
export interface MessageNotice {
  participants: readonly string[];
  message: MessageView;
  recipient: string;
  signal: UserSignal;
}

/** A read mark that moved: `message:read` to both participants' tabs, and the reader's id event (their badge). */
export interface ReadNotice {
  participants: readonly string[];
  mark: ReadMarkEvent;
  reader: string;
  signal: UserSignal;
}

/**
 * A message edited or deleted: `message:changed` to both participants' tabs; when a deletion took an unread message
 * from the recipient, their id event with their unread total too.
 */
export interface ChangeNotice {
  participants: readonly string[];
  message: MessageView;
  recount?: { recipient: string; signal: UserSignal };
}

/** A participant is typing: `conversation:typing` to the other participant's tabs only. */
export interface TypingNotice {
  to: string;
  typing: TypingEvent;
}

/** A notification stored, read or cleared: `notification:new` to the recipient's tabs, with their unread count. */
export interface NotificationNotice {
  to: string;
  signal: NotificationSignal;
}

/** A person came online, went offline or hid their presence: `presence:changed` to these people's tabs. */
export interface PresenceNotice {
  to: readonly string[];
  presence: PresenceEvent;
}

/**
 * What the use cases tell the participants' open tabs once a write is stored. Delivery is best effort: the counts
 * a tab shows are always read again from the store, so a missed notice is corrected by the next one or a reload.
 */
export interface RealtimePort {
  notifyMessage(notice: MessageNotice): void;
  notifyRead(notice: ReadNotice): void;
  notifyTyping(notice: TypingNotice): void;
  notifyChange(notice: ChangeNotice): void;
  notifyNotification(notice: NotificationNotice): void;
  notifyPresence(notice: PresenceNotice): void;
  /** Who of these has a socket open now (on any replica), and when each was last seen. */
  presenceOf(ids: readonly string[]): Promise<Map<string, PresenceState>>;
  /** Sessions ended (identity's sign-out, password reset): their sockets are disconnected, on every replica. */
  endSessions(sessionKeys: readonly string[]): void;
  /** The account is gone (identity's CirrusDeleted): every socket of the cirrus is disconnected, on every replica. */
  endCirrus(cirrusId: string): void;
}
