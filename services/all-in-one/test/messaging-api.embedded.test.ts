import { io, type Socket } from 'socket.io-client';
import {
  messengerPaths,
  REALTIME_EVENTS,
  type ConversationAnswer,
  type MessageView,
  type SentMessage,
  type UserSignal,
} from '@vellum/proto';
import { eventually, signedIn } from '@vellum/platform/test-support';
import { messagingApiSuite, messagingRealtimeSuite } from '@vellum/messaging/test-support';
import { describeEmbedded } from './embedded.harness';

/** The messaging calls through the gateway of the embedded product (the Postgres adapter on PGlite). */
describeEmbedded('messaging through the gateway, embedded', (url) => {
  messagingApiSuite(url);

  describe('its realtime socket on the same server (in-memory rooms)', () => {
    const sockets: Socket[] = [];
    const connect = (cookie?: string, headers: Record<string, string> = {}) => {
      const socket = io(url(), {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { ...(cookie && { cookie }), ...headers },
      });
      sockets.push(socket);
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    };
    afterAll(() => sockets.forEach((s) => s.disconnect()));

    messagingRealtimeSuite(url, connect);

    it('refuses a socket without a session', async () => {
      await expect(connect()).rejects.toThrow();
      await expect(connect('vellum.sid=s%3Aforged.sig')).rejects.toThrow();
    });

    it('accepts a browser socket from the public origin only, whatever Host it names', async () => {
      const gus = await signedIn(url(), 'Gus');
      const forged = { host: 'evil.example', origin: 'http://evil.example' };
      await expect(connect(gus.client.cookieHeader, forged)).rejects.toThrow('websocket error');
      await expect(connect(gus.client.cookieHeader, { origin: 'http://evil.example' })).rejects.toThrow();
      // PUBLIC_URL unset: the product's own address on this machine (localhost or 127.0.0.1, its port).
      const own = new URL(url());
      for (const origin of [`http://localhost:${own.port}`, `http://127.0.0.1:${own.port}`]) {
        (await connect(gus.client.cookieHeader, { origin })).disconnect();
      }
    });

    it("delivers a new message to the recipient's socket: the message and their unread total", async () => {
      const [dee, eli, fay] = await Promise.all([
        signedIn(url(), 'Dee'),
        signedIn(url(), 'Eli'),
        signedIn(url(), 'Fay'),
      ]);
      const opened = await eventually(async () => {
        const res = await dee.client.post<ConversationAnswer>(messengerPaths.conversations, {
          username: eli.username,
        });
        return res.status === 201 ? res.body.conversation.conversation : undefined;
      }, 60_000);
      const socket = await connect(eli.client.cookieHeader);
      // Fay's socket is in Fay's room only: nothing of Dee and Eli's conversation reaches it.
      const bystander = await connect(fay.client.cookieHeader);
      const overheard: string[] = [];
      bystander.onAny((event: string) => overheard.push(event));
      const received = {
        message: new Promise<MessageView>((resolve) => socket.once(REALTIME_EVENTS.newMessage, resolve)),
        signal: new Promise<UserSignal>((resolve) => socket.once(eli.id, resolve)),
      };
      const sent = await dee.client.post<SentMessage>(messengerPaths.messages(opened), { text: 'Hello Eli' });
      expect((await received.message).id).toBe(sent.body.message.id);
      expect(await received.signal).toEqual({ conversation: opened, unreadMessages: 1 });
      // A client event asking to join Eli's room is not listened to.
      bystander.emit('join', `user:${eli.id}`);
      await dee.client.post(messengerPaths.messages(opened), { text: 'Still private' });
      await eventually(
        async () => (await eli.client.get(messengerPaths.unread)).body.unreadMessages === 2 || undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(overheard).toEqual([]);
    });
  });
});
