import type { MessageView } from '@vellum/proto/api';

/**
 * Where the 'New messages' divider goes: before the first of the `unread` newest messages the other participant
 * sent and did not delete (counted when the chat opened, so it stays while they are marked read). `found` is false
 * while fewer of theirs are loaded than were unread: the first unread is on an older page.
 */
export function firstUnread(
  messages: readonly MessageView[],
  me: string,
  unread: number,
): { id: string | null; found: boolean } {
  if (unread <= 0) return { id: null, found: true };
  let seen = 0;
  let oldest: string | null = null;
  for (const message of messages) {
    // A deleted message never counts as unread.
    if (message.sender === me || message.deleted) continue;
    seen += 1;
    oldest = message.id;
    if (seen === unread) return { id: message.id, found: true };
  }
  return { id: oldest, found: false };
}
