import { io, type Socket } from 'socket.io-client';
import {
  messengerPaths,
  PRESENCE_EVENT,
  presencePaths,
  REALTIME_EVENTS,
  type PresenceAnswer,
  type PresenceEvent,
} from '@vellum/proto';
import { eventually } from '@vellum/platform/test-support';
import type { Actor, World } from './world';

/** One check of the realtime channel: `[]` when it held, else what it found. */
export interface SocketRow {
  name: string;
  check: (w: World, s: Sockets) => Promise<string[]>;
}

/** The sockets the rows share, and every event each of them received. */
export interface Sockets {
  connect: (actor: Actor) => Promise<Socket>;
  heard: Map<Actor, Array<{ event: string; payload: string }>>;
  close: () => void;
}

export function sockets(w: World): Sockets {
  const open: Socket[] = [];
  const heard = new Map<Actor, Array<{ event: string; payload: string }>>();
  const connect = (actor: Actor) => {
    const cookie = w.clients[actor].cookieHeader;
    const socket = io(w.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: cookie ? { cookie } : {},
    });
    open.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => {
        const mine = heard.get(actor) ?? [];
        heard.set(actor, mine);
        socket.onAny((event: string, ...args: unknown[]) =>
          mine.push({ event, payload: JSON.stringify(args) }),
        );
        resolve(socket);
      });
      socket.once('connect_error', reject);
    });
  };
  return { connect, heard, close: () => open.forEach((s) => s.disconnect()) };
}

const refused = (actor: Actor): SocketRow => ({
  name: `connect as ${actor}: refused`,
  check: async (w, s) => {
    const outcome = await s.connect(actor).then(
      () => 'connected',
      () => 'refused',
    );
    return outcome === 'refused' ? [] : [`a ${actor} socket connected`];
  },
});

const accepted = (actor: Actor): SocketRow => ({
  name: `connect as ${actor}: accepted`,
  check: async (w, s) => {
    const outcome = await s.connect(actor).then(
      () => 'connected',
      (e: Error) => `refused: ${e.message}`,
    );
    return outcome === 'connected' ? [] : [outcome];
  },
});

/** Events a stranger's client sends, hoping to join the owner's room or to speak in the owner's conversation. */
const emitted = (w: World): Array<[string, unknown]> => [
  ['join', `user:${w.people.owner.id}`],
  ['join', w.people.owner.id],
  ['subscribe', { room: w.people.owner.id, conversation: w.values.conversation }],
  [
    REALTIME_EVENTS.newMessage,
    { conversation: w.values.conversation, text: `Forged ${w.tag}`, sender: w.people.owner.id },
  ],
  [REALTIME_EVENTS.read, { conversation: w.values.conversation, upTo: w.messageId }],
  ['message:send', { conversation: w.values.conversation, text: `Forged ${w.tag}` }],
  [w.people.participant.id, { conversation: w.values.conversation, unreadMessages: 99 }],
];

/**
 * The realtime channel: no socket without a live session; a client's events are never listened to; a verified
 * socket hears its own person's events only.
 */
export const socketRows: SocketRow[] = [
  refused('visitor'),
  refused('unverified'),
  refused('deleted'),
  accepted('owner'),
  accepted('participant'),
  accepted('stranger'),
  accepted('admin'),
  {
    name: 'every event a stranger (and the owner) emits has no effect: nothing stored, nobody hears it',
    check: async (w, s) => {
      const stranger = await s.connect('stranger');
      const owner = await s.connect('owner');
      for (const [event, payload] of emitted(w)) {
        stranger.emit(event, payload);
        owner.emit(event, payload);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const messages = await w.clients.owner.get(messengerPaths.messages(w.values.conversation));
      const unread = await w.clients.participant.get<{ unreadMessages: number }>(messengerPaths.unread);
      const heardForged = [...s.heard].filter(([, events]) =>
        events.some((e) => e.payload.includes(`Forged ${w.tag}`)),
      );
      return [
        ...(JSON.stringify(messages.body).includes(`Forged ${w.tag}`) ? ['a forged message was stored'] : []),
        ...(unread.body.unreadMessages === 99 ? ['a forged count was taken'] : []),
        ...heardForged.map(([actor]) => `the ${actor} heard a forged event`),
      ];
    },
  },
  {
    name: "while the owner and the participant chat, only they hear it: a stranger's and an admin's sockets hear nothing",
    check: async (w, s) => {
      const text = `Realtime ${w.tag}`;
      const sent = await w.clients.owner.post(messengerPaths.messages(w.values.conversation), { text });
      const reply = await w.clients.participant.post(messengerPaths.messages(w.values.conversation), {
        text: `${text} reply`,
      });
      const found: string[] = [];
      if (sent.status !== 201 || reply.status !== 201)
        found.push(`sends answered ${sent.status}, ${reply.status}`);
      const heardBy = (actor: Actor) => (s.heard.get(actor) ?? []).some((e) => e.payload.includes(text));
      // The control: each participant hears the other's message.
      await eventually(async () => (heardBy('participant') && heardBy('owner')) || undefined, 10_000).catch(
        () => found.push('the participants did not hear each other'),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const actor of ['stranger', 'admin'] as const) {
        // Presence is theirs to hear of the people they have a conversation with: its own row checks whose.
        const events = (s.heard.get(actor) ?? []).filter((e) => e.event !== PRESENCE_EVENT);
        if (events.length) found.push(`the ${actor} heard ${events.map((e) => e.event).join(', ')}`);
      }
      return found;
    },
  },
  {
    name: "the owner's edit and deletion of a message are heard by the two participants only; the participant's are refused",
    check: async (w, s) => {
      for (const actor of ['owner', 'participant', 'stranger', 'admin'] as const) await s.connect(actor);
      const text = `Changing ${w.tag}`;
      const found: string[] = [];
      const sent = await w.clients.owner.post<{ message: { id: string } }>(
        messengerPaths.messages(w.values.conversation),
        { text },
      );
      if (sent.status !== 201) return [`the send answered ${sent.status}`];
      const path = messengerPaths.message(w.values.conversation, sent.body.message.id);
      const forged = await w.clients.participant.put(path, { text: `Forged ${w.tag}` });
      if (forged.status !== 403) found.push(`the participant's edit answered ${forged.status}`);
      const forgedDelete = await w.clients.stranger.delete(path);
      if (forgedDelete.status !== 404) found.push(`a stranger's deletion answered ${forgedDelete.status}`);
      const edited = await w.clients.owner.put(path, { text: `${text} edited` });
      const deleted = await w.clients.owner.delete(path);
      if (edited.status !== 200 || deleted.status !== 200)
        found.push(`the owner's edit and deletion answered ${edited.status}, ${deleted.status}`);
      // Each of an actor's sockets (earlier rows opened some too) hears each change once: one of each is kept.
      const changes = (actor: Actor) =>
        [
          ...new Set(
            (s.heard.get(actor) ?? [])
              .filter((e) => e.event === REALTIME_EVENTS.changed && e.payload.includes(sent.body.message.id))
              .map((e) => e.payload),
          ),
        ].map((payload) => (JSON.parse(payload) as Array<{ text: string; deleted: boolean }>)[0]!);
      for (const actor of ['owner', 'participant'] as const)
        await eventually(async () => changes(actor).length === 2 || undefined, 10_000).catch(() =>
          found.push(`the ${actor} heard ${JSON.stringify(changes(actor))}`),
        );
      const heard = changes('participant').map((m) => [m.text, m.deleted]);
      if (
        JSON.stringify(heard) !==
        JSON.stringify([
          [`${text} edited`, false],
          ['', true],
        ])
      )
        found.push(`the participant heard ${JSON.stringify(heard)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const actor of ['stranger', 'admin'] as const) {
        const events = (s.heard.get(actor) ?? []).filter((e) => e.payload.includes(sent.body.message.id));
        if (events.length) found.push(`the ${actor} heard ${events.map((e) => e.event).join(', ')}`);
      }
      return found;
    },
  },
  {
    name: "the owner's typing is heard by the participant only; a stranger's call is refused and heard by nobody",
    check: async (w, s) => {
      const heard = new Map<string, unknown[]>();
      for (const actor of ['owner', 'participant', 'stranger'] as const)
        (await s.connect(actor)).on(REALTIME_EVENTS.typing, (event: unknown) =>
          heard.set(actor, [...(heard.get(actor) ?? []), event]),
        );
      const found: string[] = [];
      const forged = await w.clients.stranger.post(messengerPaths.typing(w.values.conversation), {});
      if (forged.status !== 404) found.push(`a stranger's typing answered ${forged.status}`);
      const told = await w.clients.owner.post(messengerPaths.typing(w.values.conversation), {});
      if (told.status !== 200) found.push(`the owner's typing answered ${told.status}`);
      const expected = { conversation: w.values.conversation, typist: w.people.owner.id };
      await eventually(async () => heard.get('participant') || undefined, 10_000).catch(() =>
        found.push('the participant did not hear the owner typing'),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (JSON.stringify(heard.get('participant')) !== JSON.stringify([expected]))
        found.push(`the participant heard ${JSON.stringify(heard.get('participant'))}`);
      for (const actor of ['owner', 'stranger'])
        if (heard.has(actor)) found.push(`the ${actor} heard typing: ${JSON.stringify(heard.get(actor))}`);
      return found;
    },
  },
  {
    // The matrix's own cells open conversations of everyone with the owner (theirs to see) and the stranger's with
    // the participant, so the subject is the participant and the others the follower and the admin.
    name: "the participant's presence is seen and heard by the owner only; anyone else asking gets none",
    check: async (w, s) => {
      const subject = w.people.participant.id;
      const others = ['follower', 'admin'] as const;
      const heard = new Map<string, unknown[]>();
      for (const actor of ['owner', ...others] as const)
        (await s.connect(actor)).on(PRESENCE_EVENT, (event: PresenceEvent) => {
          if (event.i === subject) heard.set(actor, [...(heard.get(actor) ?? []), event]);
        });
      await s.connect('participant');
      const found: string[] = [];
      const asked = async (actor: 'owner' | (typeof others)[number]) =>
        (await w.clients[actor].get<PresenceAnswer>(presencePaths.presence([subject]))).body;
      const seen = await asked('owner');
      if (seen.presence[0]?.online !== true) found.push(`the owner saw ${JSON.stringify(seen)}`);
      for (const actor of others) {
        const answer = await asked(actor);
        if (answer.presence.length) found.push(`the ${actor} saw ${JSON.stringify(answer)}`);
      }
      // The participant hides and shows again: the owner is told both, nobody else anything.
      for (const visible of [false, true])
        await w.clients.participant.put(presencePaths.settings, { visible });
      await eventually(async () => (heard.get('owner')?.length ?? 0) >= 2 || undefined, 10_000).catch(() =>
        found.push(`the owner heard ${JSON.stringify(heard.get('owner'))}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const actor of others)
        if (heard.has(actor)) found.push(`the ${actor} heard presence: ${JSON.stringify(heard.get(actor))}`);
      return found;
    },
  },
];
