import { appendEvent, type Queryable } from '@vellum/platform';
import {
  ActionAbandonedSchema,
  ActionCompletedSchema,
  ActionCreatedSchema,
  ActionRequestedSchema,
  Topics,
  timestampFromDate,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { eventPriority } from '../domain/priority';
import type { ActionRecord } from '../store/action-store';
import { SCHEMA } from '../store/migrations';

const emit = <D extends DescMessage>(
  tx: Queryable,
  ownerId: string,
  schema: D,
  payload: MessageInitShape<D>,
  at: Date,
) =>
  appendEvent(tx, SCHEMA, 'action', {
    topic: Topics.actionAction,
    aggregateId: ownerId,
    payloadSchema: schema,
    payload,
    occurredAt: at,
  });

/**
 * The action service's events, written to its outbox inside the caller's transaction, after the list was locked
 * (key: the owner). `outstanding` is the owner's count of open requests after the change.
 */
export const actionEvents = {
  created: (tx: Queryable, a: ActionRecord, outstanding: number) =>
    emit(
      tx,
      a.ownerId,
      ActionCreatedSchema,
      {
        actionId: a.id,
        ownerId: a.ownerId,
        priority: eventPriority[a.priority],
        createdAt: timestampFromDate(a.createdAt),
        outstandingActions: outstanding,
      },
      a.createdAt,
    ),
  requested: (tx: Queryable, a: ActionRecord, requesterUsername: string, outstanding: number) =>
    emit(
      tx,
      a.ownerId,
      ActionRequestedSchema,
      {
        actionId: a.id,
        ownerId: a.ownerId,
        requesterId: a.requesterId ?? '',
        requesterUsername,
        priority: eventPriority[a.priority],
        requestedAt: timestampFromDate(a.createdAt),
        outstandingActions: outstanding,
      },
      a.createdAt,
    ),
  completed: (tx: Queryable, a: ActionRecord, at: Date, outstanding: number) =>
    emit(
      tx,
      a.ownerId,
      ActionCompletedSchema,
      {
        actionId: a.id,
        ownerId: a.ownerId,
        requesterId: a.requesterId ?? '',
        completedAt: timestampFromDate(at),
        outstandingActions: outstanding,
      },
      at,
    ),
  abandoned: (tx: Queryable, a: ActionRecord, at: Date, outstanding: number) =>
    emit(
      tx,
      a.ownerId,
      ActionAbandonedSchema,
      {
        actionId: a.id,
        ownerId: a.ownerId,
        requesterId: a.requesterId ?? '',
        abandonedAt: timestampFromDate(at),
        outstandingActions: outstanding,
      },
      at,
    ),
};
