import { Router } from 'express';
import { Invalid } from '../errors/errors';

/**
 * Where a fault drill may stop a process dead (issue 25), as a failpoint does: between an outbox batch's commit
 * and its publish (the events must still go out, once the pod is back), and between the publish and the mark that
 * records it (they go out again, and every consumer must apply them once).
 */
export const FAULT_POINTS = ['outbox-before-publish', 'outbox-after-publish'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

const armed = new Set<FaultPoint>();

/** kill -9 of this process when `point` is armed; nothing otherwise (always nothing unless FAULT_POINTS=on). */
export function reachFaultPoint(point: FaultPoint): void {
  if (armed.has(point)) process.kill(process.pid, 'SIGKILL');
}

const isFaultPoint = (value: string): value is FaultPoint =>
  (FAULT_POINTS as readonly string[]).includes(value);

/**
 * The drill's handle on this process's fault points (FAULT_POINTS=on, a test setting): `POST
 * /internal/fault-points/<point>` arms one, and the process kills itself with SIGKILL the next time it gets there.
 * Refused in production: the process does not start. The gateway routes no `/internal` path.
 */
export function faultPointsRouter(nodeEnv: string): Router {
  if (nodeEnv === 'production') throw new Error('FAULT_POINTS=on is refused with NODE_ENV=production');
  const router = Router();
  router.post('/internal/fault-points/:point', (req, res) => {
    const point = req.params.point;
    if (!isFaultPoint(point))
      throw new Invalid(`No fault point '${point}': one of ${FAULT_POINTS.join(', ')}.`);
    armed.add(point);
    res.status(204).end();
  });
  return router;
}
