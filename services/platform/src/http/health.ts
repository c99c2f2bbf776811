import { Router } from 'express';

export type ReadinessCheck = () => Promise<boolean>;

/**
 * A check that has not answered by then counts as down. Under the chart's readiness probe time-out (2 s), so the
 * kubelet (and a person reading the probe) gets the answer naming the check, not a time-out of its own.
 */
export const READINESS_CHECK_TIMEOUT_MS = 1500;

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers and the process is not draining; a load
 * balancer stops sending traffic on 503.
 */
export function healthRouter(checks: Record<string, ReadinessCheck>, isDraining: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (isDraining()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const ok = await Promise.race([
          check().catch(() => false),
          new Promise<boolean>((resolve) => setTimeout(resolve, READINESS_CHECK_TIMEOUT_MS, false).unref()),
        ]);
        return [name, ok ? 'ok' : 'down'] as const;
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  return router;
}
