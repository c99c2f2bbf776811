// The fault drills stop a server and start it again on its port; up.sh reserves those ports from the kernel's
// ephemeral range so nothing else is given one meanwhile (README, "Found by the drills": Kafka's 59094 taken).
import { readFileSync } from 'node:fs';
import { describeWithServer } from '@vellum/platform/test-support';

const RESERVED = '/proc/sys/net/ipv4/ip_local_reserved_ports';

/** The ports of `ip_local_reserved_ports` ("55432,59092-59095"). */
function reserved(): Set<number> {
  const ports = new Set<number>();
  for (const part of readFileSync(RESERVED, 'utf8').trim().split(',').filter(Boolean)) {
    const [from, to = from] = part.split('-').map(Number);
    for (let port = from!; port <= to!; port++) ports.add(port);
  }
  return ports;
}

/** The environment's server addresses (up.sh's env.sh), each on one of the ports up.sh reserves. */
const SERVER_ADDRESSES = [
  'DATABASE_URL',
  'REDIS_URL',
  'MONGO_URL',
  'KAFKA_BROKERS',
  'KAFKA_PROXIED_LISTENER',
  'KAFKA_PROXIED_ADDRESS',
] as const;

const portOf = (address: string) => Number(/:(\d+)(?:\/|$)/.exec(address)?.[1]);

// Only root may reserve ports (up.sh says so when it cannot): CI runs as root, a developer's machine may not.
const asRoot = process.env.CI === 'true' || process.getuid?.() === 0 ? it : it.skip;

describeWithServer('KAFKA_BROKERS', "the servers' ports", () => {
  asRoot(
    'are reserved from the ephemeral range: a drill that stops a server finds its port free again',
    () => {
      const ports = SERVER_ADDRESSES.map((name) => process.env[name])
        .filter((address): address is string => Boolean(address))
        .map((address) => portOf(address.split(',')[0]!));
      expect(ports.length).toBe(6);
      const set = reserved();
      expect(ports.filter((port) => !set.has(port))).toEqual([]);
    },
  );
});
