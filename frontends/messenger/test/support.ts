import { act } from '@testing-library/react';
import type {
  ConversationView,
  ConversationsPage,
  MessagesPage,
  MessageView,
  ParticipantView,
} from '@vellum/proto/api';
import { realtime } from '@vellum/ui';
import { ann, fakeSocketIo, type FakeSocket } from '@vellum/ui/test-support';

export { ann, fakeSocketIo, renderPage, serve } from '@vellum/ui/test-support';

export const bob: ParticipantView = {
  i: 'c-bob',
  username: 'bob',
  displayName: 'Bob Stone',
  image: '',
  imageBackground: '',
};
export const cy: ParticipantView = { ...bob, i: 'c-cy', username: 'cy', displayName: 'Cy Park' };

/** Message n of conversation k1, sent at minute n; by Ann unless `from` says otherwise. */
export const message = (n: number, text: string, from: 'ann' | 'bob' = 'ann', read = false): MessageView => ({
  id: `m${n}`,
  conversation: 'k1',
  sender: from === 'ann' ? ann.i : bob.i,
  senderUsername: from,
  text,
  sentAt: new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString(),
  read,
  editedAt: null,
  deleted: false,
});

export const conversation = (
  id: string,
  other: ParticipantView,
  lastMessage: MessageView | null,
  unread = 0,
): ConversationView => ({
  conversation: id,
  otherParticipant: other,
  lastMessage,
  unread,
  updatedAt: lastMessage?.sentAt ?? '2026-11-24T11:00:00.000Z',
});

export const conversationsPage = (conversations: ConversationView[], nextCursor: string | null = null) =>
  ({ conversations, nextCursor }) satisfies ConversationsPage;

/** Newest first, as the service pages them. */
export const messagesPage = (messages: MessageView[], nextCursor: string | null = null) =>
  ({ messages, nextCursor }) satisfies MessagesPage;

/** The page's socket, connected, once the realtime client has loaded. */
export async function connectedSocket(): Promise<FakeSocket> {
  await act(async () => {
    for (let tries = 0; tries < 20 && fakeSocketIo.sockets.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  const socket = fakeSocketIo.latest();
  if (!socket.connected) act(() => socket.serverConnects());
  return socket;
}

/** Each chat test: a fresh fake socket.io, the page focused (read marks are sent), the realtime client closed after. */
export function inTheChat(): void {
  beforeEach(() => {
    fakeSocketIo.sockets.length = 0;
    jest.spyOn(document, 'hasFocus').mockReturnValue(true);
  });
  afterEach(() => {
    realtime.disconnect();
    jest.restoreAllMocks();
  });
}
