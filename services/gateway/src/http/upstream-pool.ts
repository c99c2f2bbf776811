/** The kept-alive connections to each upstream (UPSTREAM_CONNECTIONS, UPSTREAM_KEEP_ALIVE_MS, UPSTREAM_TIMEOUT_MS). */
export interface UpstreamPoolOptions {
  /** Most connections open to one upstream at once; calls beyond wait for a free one. */
  connections: number;
  /**
   * How long an idle connection is kept. Under the services' 65 s keep-alive (platform serve.ts), so the gateway
   * drops an idle connection before the upstream does.
   */
  keepAliveMs: number;
  /** How long an upstream may take to start answering, and then between two pieces of its answer. */
  timeoutMs: number;
}

export const DEFAULT_UPSTREAM_POOL: UpstreamPoolOptions = {
  connections: 128,
  keepAliveMs: 60_000,
  timeoutMs: 60_000,
};
