import { Counter, Gauge, Histogram, type Registry } from '@vellum/platform';

/** Why an upgrade or a socket was refused. */
export type SocketRefusal = 'rate' | 'unauthenticated' | 'cap';

export interface RealtimeMetrics {
  /** A notice emitted to the participants' rooms; for a message, its time from being stored to its emit. */
  emitted(
    kind: 'message' | 'read' | 'typing' | 'change' | 'presence' | 'notification',
    sentAt?: string,
  ): void;
  refused(reason: SocketRefusal): void;
  adapterError(): void;
}

/**
 * The realtime series of one replica: `realtime_connected_sockets` (this replica's, read at each scrape),
 * `realtime_notices_emitted_total{kind}`, `realtime_delivery_duration_seconds` (a message's store to its emit),
 * `realtime_sockets_refused_total{reason}` and `realtime_adapter_errors_total` (the Redis adapter's).
 */
export function realtimeMetrics(registry: Registry, connectedSockets: () => number): RealtimeMetrics {
  const registers = [registry];
  new Gauge({
    name: 'realtime_connected_sockets',
    help: 'Sockets connected to this replica now.',
    registers,
    collect() {
      this.set(connectedSockets());
    },
  });
  const emitted = new Counter({
    name: 'realtime_notices_emitted_total',
    help: "Notices emitted to the participants' tabs, by kind (message, read, typing, change, presence, notification).",
    labelNames: ['kind'] as const,
    registers,
  });
  const delivery = new Histogram({
    name: 'realtime_delivery_duration_seconds',
    help: 'From a message stored to its notice emitted to the participants.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const refused = new Counter({
    name: 'realtime_sockets_refused_total',
    help: 'Sockets refused, by reason (rate: over the new-socket rate; unauthenticated; cap: too many of one person).',
    labelNames: ['reason'] as const,
    registers,
  });
  const adapterErrors = new Counter({
    name: 'realtime_adapter_errors_total',
    help: "Errors of the socket.io adapter (the Redis adapter's commands between replicas).",
    registers,
  });
  return {
    emitted(kind, sentAt) {
      emitted.inc({ kind });
      const stored = sentAt ? Date.parse(sentAt) : NaN;
      if (Number.isFinite(stored)) delivery.observe(Math.max(0, Date.now() - stored) / 1000);
    },
    refused: (reason) => refused.inc({ reason }),
    adapterError: () => adapterErrors.inc(),
  };
}
