import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A process's metrics: one prom-client registry, every series labelled with the process's `service`, and Node's
 * runtime series (event-loop delay p50/p99, GC time by kind, heap, RSS, open handles, CPU) from prom-client's
 * default collectors. Each process has its own; nothing is global, so tests may make as many as they like.
 */
export function createMetricsRegistry(service: string, options: { runtime?: boolean } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The event-loop delay is sampled at 10 ms (prom-client's default): finer costs CPU for nothing an alert reads.
  if (options.runtime ?? true) collectDefaultMetrics({ register: registry });
  return registry;
}

// The metric kinds, so a service declares its own series without depending on the library itself.
export { Counter, Gauge, Histogram, type Registry } from 'prom-client';
