import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** Says whether a peer address is a proxy whose `X-Forwarded-*` headers may be believed. */
export type ProxyTrust = (address: string) => boolean;

/** Names accepted besides addresses and CIDR ranges, as express spells them. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
};

/** `10.0.0.0/8`, `192.168.1.7`, `fd00::/8` or `loopback`; anything else is refused. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (entry in NAMED_RANGES) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** An IPv4 peer on a dual-stack socket reads `::ffff:10.1.2.3`. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/**
 * Trust for the proxies named in configuration, and for nobody else: with an empty list every forwarded header is
 * ignored and the client is the peer of the socket.
 */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    if (!isTrustedProxyEntry(entry)) throw new Error(`Not an address or CIDR range: "${entry}"`);
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, bits, type] of named) list.addSubnet(network, bits, type);
      continue;
    }
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return (address) => {
    const peer = unmapped(address);
    const family = isIP(peer);
    return family !== 0 && list.check(peer, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address: the socket's peer, or, while that peer is a trusted proxy, the next address to the left in
 * `X-Forwarded-For` (the same walk express does for `req.ip`, for requests express never sees: websocket upgrades).
 */
export function clientAddressOf(req: IncomingMessage, trust: ProxyTrust): string {
  let address = unmapped(req.socket.remoteAddress ?? '');
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (trust(address) && hops.length > 0) address = unmapped(hops.pop()!);
  return address;
}

/** A peer on this machine: the only clients development conveniences answer. Forwarded headers never count. */
export function isLoopbackPeer(req: IncomingMessage): boolean {
  const peer = unmapped(req.socket.remoteAddress ?? '');
  return peer === '::1' || /^127\./.test(peer);
}
