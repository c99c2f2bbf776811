// The fault drills' network (load-tests/harness/toxiproxy.ts): a TCP echo server behind a Toxiproxy proxy, slowed,
// cut and healed as drill 3 does it. Toxiproxy is built by scripts/servers/go-tools.sh; without it the test fails
// (Toxiproxy.start checks the binary).
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Toxiproxy } from '../harness/toxiproxy';
import { through } from '../faults/network';

let echo: Server;
let toxiproxy: Toxiproxy;
let listen: string;
const clients: Socket[] = [];

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  toxiproxy = await Toxiproxy.start();
  listen = await toxiproxy.proxy('echo', `127.0.0.1:${(echo.address() as AddressInfo).port}`);
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await toxiproxy?.stop();
  await new Promise((resolve) => echo.close(resolve));
});

/** A connection through the proxy, and a function that sends a line and answers what came back within `ms`. */
async function client() {
  const [host, port] = listen.split(':');
  const socket = connect(Number(port), host);
  clients.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  socket.on('data', (d) => (received += d));
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  return {
    socket,
    closed: () => closed,
    async roundTrip(line: string, ms: number) {
      received = '';
      const started = Date.now();
      socket.write(line);
      while (received !== line && !closed && Date.now() - started < ms)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return { answer: received, ms: Date.now() - started };
    },
  };
}

it('passes the traffic through, slows it, cuts it and heals it', async () => {
  const first = await client();
  expect((await first.roundTrip('ping', 5000)).answer).toBe('ping');

  await toxiproxy.slow('echo', 500);
  const slow = await first.roundTrip('slow', 10_000);
  expect(slow.answer).toBe('slow');
  // 250 ms each way at least (a busy machine only adds to it).
  expect(slow.ms).toBeGreaterThanOrEqual(490);
  await toxiproxy.heal('echo');

  await toxiproxy.cut('echo');
  // The connection stays open and nothing comes back, on it or on a new one.
  expect(await first.roundTrip('lost', 1000)).toMatchObject({ answer: '' });
  expect(first.closed()).toBe(false);
  const during = await client();
  expect(await during.roundTrip('lost too', 1000)).toMatchObject({ answer: '' });

  await toxiproxy.heal('echo');
  // The connections left from the cut are reset; a new one works at once, on the same address.
  for (let wait = 0; wait < 50 && !(first.closed() && during.closed()); wait++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect([first.closed(), during.closed()]).toEqual([true, true]);
  expect((await (await client()).roundTrip('back', 5000)).answer).toBe('back');
});

it("moves a store URL's address to the proxy's and keeps the rest", () => {
  expect(through('postgres://vellum:s3cret@127.0.0.1:5432/vellum?sslmode=disable', '127.0.0.1:41000')).toBe(
    'postgres://vellum:s3cret@127.0.0.1:41000/vellum?sslmode=disable',
  );
  expect(through('redis://127.0.0.1:6379/0', '127.0.0.1:41001')).toBe('redis://127.0.0.1:41001/0');
  expect(through('mongodb://127.0.0.1:27017/vellum', '127.0.0.1:41002')).toBe(
    'mongodb://127.0.0.1:41002/vellum',
  );
  expect(() => through('not a url', '127.0.0.1:1')).toThrow('not a server URL');
});
