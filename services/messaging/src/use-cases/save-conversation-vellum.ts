import type { Caller } from '@vellum/platform';
import { vellumMessages, type SaveVellumInput } from '@vellum/proto';
import type { MessagingContext } from '../context';
import { idOf } from '../domain/conversation';
import { ownVellum } from '../domain/conversation-vellum';
import type { StoredVellum } from '../store/messaging-repository';

/**
 * Its owner saves a conversation vellum: the title, and the body when given (validated by the route with the
 * schema of every vellum, `saveVellumSchema`; '' or null empties it, left out keeps it).
 */
export async function saveConversationVellum(
  ctx: MessagingContext,
  caller: Caller,
  input: SaveVellumInput & { id: string },
): Promise<StoredVellum> {
  const vellum = await ctx.store.vellum(idOf(input.id, vellumMessages.notFound));
  const conversation = vellum && (await ctx.store.conversation(vellum.conversation));
  const own = ownVellum(caller, vellum, conversation);
  const saved: StoredVellum = {
    ...own,
    title: input.title,
    text: input.text === undefined ? own.text : input.text === null ? '' : JSON.stringify(input.text),
    lastEdited: ctx.clock(),
  };
  await ctx.store.saveVellum(saved);
  return saved;
}
