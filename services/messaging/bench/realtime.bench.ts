// Realtime across two messaging replicas on one Redis (MongoDB's protocol, Redis and Kafka from
// `source ~/.cache/vellum/run/env.sh`; the service built):
//   1. delivery: messages sent through replica A at a fixed rate to people connected to replica B; the time from the
//      send to `message:new` on the recipient's socket (median, p99; goal p99 < 100 ms at 200 messages/s), and the
//      realtime path alone: from the service's acceptance (the message's `sentAt`) to the socket on B;
//   2. reconnect: N clients (browsers' socket.io defaults: reconnection with 1 s delay, 0.5 randomisation) spread
//      over both replicas; both replicas restart (SIGTERM, start on the same port); the time each client takes to be
//      connected again, from the restart and from the replicas being ready (goal p99 < 5 s), and every message
//      accepted around the restart found in its conversation afterwards (goal 0 lost).
//
//   node -r ./services/platform/test/events/fixtures/swc-register.cjs services/messaging/bench/realtime.bench.ts \
//     [--rate 200] [--seconds 10] [--clients 2000]
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { CALLER_HEADER, signAssertion, type Caller } from '@vellum/platform';
import {
  messengerPaths,
  REALTIME_EVENTS,
  SOCKETS_PER_PERSON,
  type MessagesPage,
  type MessageView,
} from '@vellum/proto';
import { connected, startReplicas, type Replicas } from '../test/support/replicas';
import { quantile } from '@vellum/platform/test-support';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '2000' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
// The service lets a sender send 60 messages a minute: enough senders that none is refused at this rate.
const SENDERS = Math.max(2, Math.ceil((RATE * SECONDS) / 50));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = (samples: number[]) => {
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: source ~/.cache/vellum/run/env.sh`);
  return value;
}

async function people(product: Replicas, prefix: string, count: number): Promise<Caller[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => product.person(`${prefix}${i}`)));
}

async function delivery(product: Replicas) {
  const [a, b] = product.replicas as [Replicas['replicas'][0], Replicas['replicas'][0]];
  const senders = await people(product, 'Sender', SENDERS);
  const recipients = await people(product, 'Recipient', SENDERS);
  const conversations = await Promise.all(senders.map((s, i) => product.open(a, s, recipients[i]!)));
  const sockets = await Promise.all(recipients.map((r) => connected(product.socket(b, r))));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  // The realtime path alone: from the service's acceptance (the message's own time) to the socket on replica B.
  const fanOut: number[] = [];
  for (const socket of sockets)
    socket.on(REALTIME_EVENTS.newMessage, (m: MessageView) => {
      const start = sentAt.get(m.text);
      if (start === undefined) return;
      latencies.push(performance.now() - start);
      fanOut.push(Date.now() - Date.parse(m.sentAt));
    });
  const total = RATE * SECONDS;
  const refused: number[] = [];
  const sends: Promise<void>[] = [];
  const begin = performance.now();
  for (let n = 0; n < total; n++) {
    // Open model: the n-th message leaves at n / RATE seconds, whatever the answers before it took.
    const due = begin + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await pause(wait);
    const i = n % SENDERS;
    const text = `bench ${n}`;
    sentAt.set(text, performance.now());
    sends.push(
      product.call(a, senders[i]!, messengerPaths.messages(conversations[i]!), { text }).then(
        (res) => {
          if (res.status !== 201) refused.push(res.status);
        },
        // A send the service did not answer in time (the store saturated) counts as refused, not as a crash.
        () => void refused.push(0),
      ),
    );
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - begin) / 1000;
  await pause(2000);
  sockets.forEach((s) => s.disconnect());
  const f = figures(latencies);
  const g = figures(fanOut);
  return {
    'messages sent': total,
    'achieved rate': `${(total / elapsed).toFixed(0)} /s`,
    refused: refused.length,
    'delivered to replica B': latencies.length,
    median: ms(f.median),
    p99: ms(f.p99),
    max: ms(f.max),
    'accepted → B median': ms(g.median),
    'accepted → B p99': ms(g.p99),
    goal: `p99 < 100 ms at 200/s: ${f.p99 < 100 && latencies.length === total && RATE >= 200 ? 'met' : 'not met'}`,
  };
}

async function reconnect(product: Replicas) {
  const { replicas } = product;
  // SOCKETS_PER_PERSON: as many tabs as one person may open.
  const tabsPerPerson = SOCKETS_PER_PERSON;
  const crowd = await people(product, 'Tab', Math.ceil(CLIENTS / tabsPerPerson));
  const [writer, reader] = await people(product, 'Writer', 2);
  const conversation = await product.open(replicas[0]!, writer!, reader!);
  // Each of the crowd starts theirs: one person starts at most CONVERSATIONS_PER_HOUR.
  await Promise.all(crowd.map((who) => product.open(replicas[0]!, who, writer!)));
  const clients: Array<{ socket: Socket; lostAt?: number; backAt?: number }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const who = crowd[i % crowd.length]!;
    const replica = replicas[i % replicas.length]!;
    // The browser's client: socket.io's reconnection with its default delays.
    const socket = io(replica.url, {
      transports: ['websocket'],
      extraHeaders: { [CALLER_HEADER]: signAssertion(who, product.secret) },
    });
    const client: (typeof clients)[number] = { socket };
    socket.on('disconnect', () => (client.lostAt = performance.now()));
    socket.on('connect', () => {
      if (client.lostAt !== undefined) client.backAt = performance.now();
    });
    clients.push(client);
  }
  await Promise.all(clients.map((c) => connected(c.socket)));

  // Messages keep being sent through whichever replica answers, before, during and after the restart.
  const accepted: string[] = [];
  let writing = true;
  const writes = (async () => {
    for (let n = 0; writing; n++) {
      const replica = replicas[n % replicas.length]!;
      const res = await product
        .call(replica, writer!, messengerPaths.messages(conversation), { text: `around the restart ${n}` })
        .catch(() => undefined);
      if (res?.status === 201) accepted.push(((await res.json()) as { message: MessageView }).message.id);
      await pause(25);
    }
  })();
  await pause(1000);
  const restartAt = performance.now();
  await Promise.all(replicas.map((r) => r.stop()));
  await Promise.all(replicas.map((r) => r.start()));
  const readyAt = performance.now();
  const deadline = readyAt + 30_000;
  while (clients.some((c) => c.backAt === undefined) && performance.now() < deadline) await pause(50);
  await pause(1000);
  writing = false;
  await writes;

  const back = clients.filter((c) => c.backAt !== undefined);
  const fromRestart = figures(back.map((c) => c.backAt! - restartAt));
  const fromReady = figures(back.map((c) => Math.max(0, c.backAt! - readyAt)));
  // Every accepted message is in the conversation afterwards (the reader pages through all of it).
  const stored = new Set<string>();
  for (let before: string | null | undefined; before !== null;) {
    const query = `?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const res = await product.call(replicas[0]!, reader!, messengerPaths.messages(conversation) + query);
    const page = (await res.json()) as MessagesPage;
    page.messages.forEach((m) => stored.add(m.id));
    before = page.nextCursor;
  }
  const lost = accepted.filter((id) => !stored.has(id)).length;
  clients.forEach((c) => c.socket.disconnect());
  return {
    clients: CLIENTS,
    'reconnected in 30 s': back.length,
    'restart took': ms(readyAt - restartAt),
    'p50 from the restart': ms(fromRestart.median),
    'p99 from the restart': ms(fromRestart.p99),
    'p99 once ready': ms(fromReady.p99),
    'messages accepted': accepted.length,
    lost,
    goal: `p99 < 5 s, 0 lost: ${fromReady.p99 < 5000 && back.length === CLIENTS && lost === 0 ? 'met' : 'not met'}`,
  };
}

async function main() {
  const product = await startReplicas({
    mongoUrl: env('MONGO_URL'),
    redisUrl: env('REDIS_URL'),
    brokers: env('KAFKA_BROKERS'),
  });
  try {
    console.log(
      `\n== delivery across replicas: ${RATE} messages/s for ${SECONDS} s, ${SENDERS} senders on A, recipients on B ==`,
    );
    console.table([await delivery(product)]);
    console.log(`\n== ${CLIENTS} clients reconnecting after both replicas restart ==`);
    console.table([await reconnect(product)]);
  } finally {
    await product.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
