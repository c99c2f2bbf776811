import { io, type Socket } from 'socket.io-client';
import { SOCKETS_PER_PERSON, type UserSignal } from '@vellum/proto';
import type { CrashStep, Topology } from '@vellum/e2e/topology';
import { signedInPerson, type SignedInPerson } from '../harness/signed-in-person';
import { withConversations } from './conversations';
import { setTimeout as sleep } from 'node:timers/promises';

/** Sockets back on a replica within this time of the kill that cut them (issue 25). */
export const STORM_BACK_WITHIN_MS = 10_000;
/** Of the cut sockets, the share that must be back within STORM_BACK_WITHIN_MS. */
export const STORM_BACK_SHARE = 0.95;
/** The longest the drill waits for a socket, or for a badge to reach the store's count. */
const SETTLE_MS = 60_000;

export interface StormResult {
  sockets: number;
  people: number;
  /** The kill -9 of a messaging pod while every socket was connected. */
  kill: CrashStep;
  /** Sockets the kill cut (those on the killed replica). */
  cut: number;
  /** Of those, the times from the kill to their reconnection (ms), sorted; a socket never back is missing. */
  backMs: number[];
  /** Of those, the times from the kill to their client seeing the disconnection (ms), sorted. */
  cutSeenMs: number[];
  /** Upgrades refused on the way (the replicas' new-socket rate, the per-person cap): each retried by itself. */
  refusals: number;
  /** Sockets whose badge, after a message to their person, differed from the store's count (or never came). */
  badgeMismatches: string[];
}

interface Tab {
  person: SignedInPerson;
  socket: Socket;
  /** The last unread count pushed to it. */
  badge?: number;
  cutAt?: number;
  backAt?: number;
}

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`reconnect storm: ${what} not within ${SETTLE_MS / 1000} s`);
    await sleep(100);
  }
}

/** In batches of `size` at a time (sign-ups through the Ingress, as many browsers would). */
async function inBatches<T>(count: number, size: number, make: (n: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let n = 0; n < count; n += size)
    made.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - n) }, (_, i) => make(n + i)))),
    );
  return made;
}

const unreadOf = async (baseUrl: string, person: SignedInPerson) => {
  const res = await fetch(`${baseUrl}/api/unread-messages`, { headers: { cookie: person.cookie } });
  if (res.status !== 200) throw new Error(`unread of ${person.username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { unreadMessages: number }).unreadMessages;
};

/**
 * Drill 4, the reconnect storm: `sockets` socket.io clients through the Ingress, as the page opens them (websocket
 * only, socket.io's reconnection with its default back-off and jitter), SOCKETS_PER_PERSON for each of as many new
 * people as that takes; once all are connected, one messaging replica is killed with SIGKILL and its sockets
 * reconnect, to the other while it restarts. Then each person is sent a message and every one of their sockets
 * must show the store's unread count: no tab left out of its person's room by the storm.
 */
export async function reconnectStorm(
  topology: Topology,
  options: { sockets: number; replica?: number; log?: (line: string) => void },
): Promise<StormResult> {
  const baseUrl = topology.url;
  const peopleCount = Math.ceil(options.sockets / SOCKETS_PER_PERSON);
  const people = await withConversations(
    baseUrl,
    await inBatches(peopleCount, 10, (n) => signedInPerson(topology, baseUrl, `storm${n}`)),
  );
  options.log?.(`reconnect storm: ${people.length} people signed in, each with a conversation`);
  const tabs: Tab[] = [];
  let refusals = 0;
  try {
    for (const [n, person] of people.entries()) {
      const count = Math.min(SOCKETS_PER_PERSON, options.sockets - n * SOCKETS_PER_PERSON);
      for (let i = 0; i < count; i++) {
        const socket = io(baseUrl, {
          transports: ['websocket'],
          reconnection: true,
          extraHeaders: { cookie: person.cookie, origin: baseUrl },
        });
        const tab: Tab = { person, socket };
        socket.on(person.id, (signal: UserSignal) => (tab.badge = signal.unreadMessages));
        socket.on('connect_error', () => refusals++);
        socket.on('disconnect', () => (tab.cutAt ??= Date.now()));
        socket.on('connect', () => {
          if (tab.cutAt !== undefined) tab.backAt ??= Date.now();
        });
        tabs.push(tab);
      }
    }
    await until(`${tabs.length} sockets connected`, () => tabs.every((t) => t.socket.connected));
    options.log?.(
      `reconnect storm: ${tabs.length} sockets connected (${refusals} upgrades refused and retried)`,
    );
    for (const tab of tabs) tab.cutAt = tab.backAt = undefined;
    const refusalsBefore = refusals;

    const step = await topology.crash('messaging', options.replica ?? 0);
    const cut = tabs.filter((t) => t.cutAt !== undefined);
    await until('the cut sockets back', () => cut.every((t) => t.backAt !== undefined));
    const backMs = cut.map((t) => t.backAt! - step.killedAt).sort((a, b) => a - b);
    const cutSeenMs = cut.map((t) => t.cutAt! - step.killedAt).sort((a, b) => a - b);

    // One message to each person, from the one before them: every tab of theirs shows the store's count.
    for (const [i, sender] of people.entries()) {
      const res = await fetch(`${baseUrl}/api/messenger/conversations/${sender.conversation}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sender.cookie, origin: baseUrl },
        body: JSON.stringify({ text: `after the storm ${i}` }),
      });
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`send after the storm: ${res.status} ${await res.text()}`);
    }
    const counts = new Map<string, number>();
    for (const person of people) counts.set(person.id, await unreadOf(baseUrl, person));
    const matches = (t: Tab) => t.badge === counts.get(t.person.id);
    await until('every badge', () => tabs.every(matches)).catch(() => undefined);
    const badgeMismatches = tabs
      .filter((t) => !matches(t))
      .map((t) => `${t.person.username}: badge ${t.badge ?? 'none'}, store ${counts.get(t.person.id)}`);
    return {
      sockets: tabs.length,
      people: people.length,
      kill: step,
      cut: cut.length,
      backMs,
      cutSeenMs,
      refusals: refusals - refusalsBefore,
      badgeMismatches,
    };
  } finally {
    for (const tab of tabs) tab.socket.disconnect();
  }
}

/** The drill's line. */
export function stormLine(result: StormResult): string {
  const within = result.backMs.filter((ms) => ms <= STORM_BACK_WITHIN_MS).length;
  const at = (q: number, ms = result.backMs) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  const s = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  return (
    `${result.sockets} sockets of ${result.people} people; ${result.kill.pod} killed, ${result.cut} cut ` +
    `(seen by their clients within ${s(at(0.5, result.cutSeenMs))} median, ${s(result.cutSeenMs.at(-1))} last); ` +
    `${result.cut ? ((within / result.cut) * 100).toFixed(1) : '100.0'} % back within ${STORM_BACK_WITHIN_MS / 1000} s ` +
    `(first ${s(result.backMs[0])}, median ${s(at(0.5))}, p95 ${s(at(0.95))}, last ${s(result.backMs.at(-1))}); ${result.refusals} upgrades refused ` +
    `and retried; badges: ${result.badgeMismatches.length} differ from the store`
  );
}
