import { eventEmitter } from '@vellum/platform';
import { Topics } from '@vellum/proto';

/**
 * The vellum service's events on `vellum.vellum.v1`, written to its outbox inside the use case's transaction (its
 * unit of work appends them as the transaction's last statement): `emit(unit, vellumId, Schema, payload, at)` (key:
 * the vellum id, so one vellum's events stay in order).
 */
export const emit = eventEmitter({ producer: 'vellum', topic: Topics.vellumVellum });
