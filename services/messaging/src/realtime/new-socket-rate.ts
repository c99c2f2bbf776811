/** New sockets one replica accepts per second, on average, when nothing is said (NEW_SOCKETS_PER_SECOND). */
export const NEW_SOCKETS_PER_SECOND = 200;

export interface NewSocketRate {
  /** True when one more socket may open now (and counts it); false when the replica is at its rate. */
  take(): boolean;
}

/**
 * A token bucket of `perSecond` new sockets, holding at most a second's worth: a replica whose neighbour died
 * takes the orphaned sockets' reconnects at this rate, and those refused retry after their client's back-off (with
 * jitter), so a storm of reconnects spreads over seconds instead of reaching Redis and the store at once (each
 * socket costs a count of its cirrus's sockets on every replica).
 */
export function newSocketRate(perSecond: number, now: () => number = Date.now): NewSocketRate {
  if (!(perSecond > 0)) throw new Error(`new sockets per second must be positive, got ${perSecond}`);
  let tokens = perSecond;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(perSecond, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
