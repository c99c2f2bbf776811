import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): the client's to a proxy, or the proxy's
 * to its upstream (the gateway's to a service, the test topology's Ingress to the gateway). Never passed across.
 * `expect` too: the proxy's own server has answered 100-continue.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/** The names a `Connection` header lists: hop-by-hop as well, for this one connection. */
function namedByConnection(connection: string | string[] | undefined): Set<string> | undefined {
  if (!connection) return undefined;
  const names = String(connection)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== 'close' && name !== 'keep-alive');
  return names.length ? new Set(names) : undefined;
}

/** A copy of `headers` without the hop-by-hop ones (and those its `Connection` names). */
export function endToEndHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const named = namedByConnection(headers.connection);
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || named?.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}
