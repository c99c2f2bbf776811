import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { CALLER_HEADER, signAssertion } from '@vellum/platform';
import { messengerPaths, REALTIME_EVENTS, type MessageView, type UserSignal } from '@vellum/proto';
import {
  describeDistributed,
  describeWithServer,
  eventually,
  messagingApiSuite,
  signedIn,
} from '@vellum/platform/test-support';
import { connected, describeReplicas, type Replica } from './support/replicas';

/** A socket.io client (websocket only, as the browser's) with these upgrade headers; rejects when refused. */
function connectSocket(sockets: Socket[], url: string, headers: Record<string, string>) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: headers });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Two messaging processes (replicas A and B, their built dist/main.js) on one MongoDB database (FerretDB here), one
 * Redis and Kafka, as the chart runs them: a socket connected to B receives what is sent through A.
 */
describeReplicas('messaging replicas: socket.io across them', (running) => {
  it('refuses a socket without a valid caller on either replica', async () => {
    const product = running();
    const stranger = { id: randomUUID(), username: 'stranger' };
    for (const replica of product.replicas) {
      const refused = (headers: Record<string, string>) => connected(product.socket(replica, headers));
      await expect(refused({})).rejects.toThrow();
      await expect(refused({ [CALLER_HEADER]: 'v1.forged.token' })).rejects.toThrow();
      await expect(
        refused({ [CALLER_HEADER]: signAssertion(stranger, 'another secret of 32 characters!') }),
      ).rejects.toThrow();
    }
  });

  it('delivers a message sent through replica A to the recipient connected to replica B', async () => {
    const product = running();
    const [a, b] = product.replicas as [Replica, Replica];
    const [ann, bob] = await Promise.all([product.person('Ann'), product.person('Bob')]);
    // Both replicas consume identity's events in one group; either may have applied them.
    const id = await product.open(a, ann, bob);
    const onB = await connected(product.socket(b, bob));
    const annOnA = await connected(product.socket(a, ann));
    const received = {
      message: new Promise<MessageView>((resolve) => onB.once(REALTIME_EVENTS.newMessage, resolve)),
      signal: new Promise<UserSignal>((resolve) => onB.once(bob.id, resolve)),
      senderTab: new Promise<MessageView>((resolve) => annOnA.once(REALTIME_EVENTS.newMessage, resolve)),
    };
    const sent = await product.call(a, ann, messengerPaths.messages(id), { text: 'across replicas' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: MessageView };
    expect(await received.message).toEqual(message);
    expect(await received.signal).toEqual({ conversation: id, unreadMessages: 1 });
    expect((await received.senderTab).id).toBe(message.id);
    // And back: Bob's read mark through B reaches Ann's tab on A.
    const read = new Promise((resolve) => annOnA.once(REALTIME_EVENTS.read, resolve));
    expect((await product.call(b, bob, messengerPaths.read(id), { upTo: message.id })).status).toBe(200);
    expect(await read).toMatchObject({ conversation: id, reader: bob.id, upTo: message.id });
  }, 180_000);
});

/**
 * Gateway, identity and messaging as processes, as the chart runs them: the API suite through the gateway, and the
 * socket upgraded through it with the session cookie (the gateway signs the caller), refused without one.
 */
describeWithServer('MONGO_URL', 'the messaging service behind the gateway', () => {
  describeDistributed(['messaging'], (product) => {
    messagingApiSuite(() => product().gateway.url);

    const sockets: Socket[] = [];
    afterAll(() => sockets.forEach((s) => s.disconnect()));

    it('upgrades a socket through the gateway for a session only, and delivers to it', async () => {
      const gateway = product().gateway.url;
      await expect(connectSocket(sockets, gateway, {})).rejects.toThrow();
      await expect(connectSocket(sockets, gateway, { [CALLER_HEADER]: 'v1.forged.token' })).rejects.toThrow();
      const [gus, hal] = await Promise.all([signedIn(gateway, 'Gus'), signedIn(gateway, 'Hal')]);
      const id = await eventually(async () => {
        const res = await gus.client.post<{ conversation: { conversation: string } }>(
          messengerPaths.conversations,
          {
            username: hal.username,
          },
        );
        return res.status === 201 ? res.body.conversation.conversation : undefined;
      }, 150_000);
      const socket = await connectSocket(sockets, gateway, { cookie: hal.client.cookieHeader });
      const signal = new Promise<UserSignal>((resolve) => socket.once(hal.id, resolve));
      expect(
        (await gus.client.post(messengerPaths.messages(id), { text: 'through the gateway' })).status,
      ).toBe(201);
      expect(await signal).toEqual({ conversation: id, unreadMessages: 1 });
    }, 180_000);
  });
});
