import { eventEmitter } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';

/**
 * The action service's events on `action.action.v1`, written to its outbox in the transaction that locked the list:
 * `emit(unit, ownerId, Schema, payload, at)` in a use case (its unit of work appends them as the transaction's last
 * statement), `emit(tx, …)` in a projection (key: the owner of the list, so one list's events stay in order). Each
 * carries `outstandingActions`, the owner's count of open requests after the change.
 */
export const emit = eventEmitter({ schema: SCHEMA, producer: 'action', topic: Topics.actionAction });
