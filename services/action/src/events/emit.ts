import { eventEmitter } from '@vellum/platform';
import { Topics } from '@vellum/proto';
import { SCHEMA } from '../store/migrations';

/**
 * The action service's events on `action.action.v1`, written to its outbox inside the use case's transaction,
 * after the list was locked: `emit(tx, ownerId, Schema, payload, at)` (key: the owner of the list, so one list's
 * events stay in order). Each carries `outstandingActions`, the owner's count of open requests after the change.
 */
export const emit = eventEmitter({ schema: SCHEMA, producer: 'action', topic: Topics.actionAction });
