import type { MessagingContext } from '../context';
import { totalOf } from '../domain/unread';
import { messageView } from '../domain/views';
import type { StoredConversation } from '../store/messaging-repository';

/**
 * The message as changed (null when gone meanwhile), read again from the store and told to both participants' tabs. `recount` re-sends the
 * recipient's unread counts (a deleted unread message no longer counts). Delivery is best effort, as for a new one.
 */
export async function tellChanged(
  ctx: MessagingContext,
  sender: { id: string; username: string },
  conversation: StoredConversation,
  messageId: string,
  recount: boolean,
) {
  const changed = await ctx.store.message(messageId);
  if (!changed) return null;
  const mark = (await ctx.store.readMarks(conversation)).get(changed.recipient);
  const view = messageView(changed, sender.username, mark);
  try {
    ctx.realtime.notifyChange({
      participants: conversation.participants,
      message: view,
      ...(recount && {
        recount: {
          recipient: changed.recipient,
          signal: {
            conversation: conversation.id,
            unreadMessages: totalOf(await ctx.store.unread(changed.recipient)),
          },
        },
      }),
    });
  } catch (err) {
    ctx.logger.warn({ err, conversation: conversation.id }, 'realtime notice of a changed message failed');
  }
  return view;
}
