import { appendEvent, type Queryable } from '@vellum/platform';
import {
  Topics,
  timestampFromDate,
  VellumCreatedSchema,
  VellumDeletedSchema,
  VellumMadePrivateSchema,
  VellumPublishedSchema,
  VellumRatedSchema,
  VellumUpdatedSchema,
  type DescMessage,
  type MessageInitShape,
} from '@vellum/proto';
import { SCHEMA } from '../store/migrations';

interface VellumFacts {
  id: string;
  ownerId: string;
}

const emit = <D extends DescMessage>(
  tx: Queryable,
  v: VellumFacts,
  schema: D,
  payload: MessageInitShape<D>,
  at: Date,
) =>
  appendEvent(tx, SCHEMA, 'vellum', {
    topic: Topics.vellumVellum,
    aggregateId: v.id,
    payloadSchema: schema,
    payload,
    occurredAt: at,
  });

/** The vellum service's events, written to its outbox inside the caller's transaction (key: vellum id). */
export const vellumEvents = {
  created: (tx: Queryable, v: VellumFacts & { title: string }, at: Date) =>
    emit(
      tx,
      v,
      VellumCreatedSchema,
      {
        vellumId: v.id,
        ownerId: v.ownerId,
        title: v.title,
        isPublic: false,
        createdAt: timestampFromDate(at),
      },
      at,
    ),
  updated: (tx: Queryable, v: VellumFacts & { title: string; isPublic: boolean }, at: Date) =>
    emit(
      tx,
      v,
      VellumUpdatedSchema,
      {
        vellumId: v.id,
        ownerId: v.ownerId,
        title: v.title,
        isPublic: v.isPublic,
        editedAt: timestampFromDate(at),
      },
      at,
    ),
  published: (tx: Queryable, v: VellumFacts & { title: string }, at: Date) =>
    emit(
      tx,
      v,
      VellumPublishedSchema,
      { vellumId: v.id, ownerId: v.ownerId, title: v.title, publishedAt: timestampFromDate(at) },
      at,
    ),
  madePrivate: (tx: Queryable, v: VellumFacts, at: Date) =>
    emit(
      tx,
      v,
      VellumMadePrivateSchema,
      { vellumId: v.id, ownerId: v.ownerId, madePrivateAt: timestampFromDate(at) },
      at,
    ),
  deleted: (tx: Queryable, v: VellumFacts & { wasPublic: boolean }, at: Date) =>
    emit(
      tx,
      v,
      VellumDeletedSchema,
      { vellumId: v.id, ownerId: v.ownerId, wasPublic: v.wasPublic, deletedAt: timestampFromDate(at) },
      at,
    ),
  rated: (
    tx: Queryable,
    v: VellumFacts & { raterId: string; level: number; count: number; sum: number },
    at: Date,
  ) =>
    emit(
      tx,
      v,
      VellumRatedSchema,
      {
        vellumId: v.id,
        ownerId: v.ownerId,
        raterId: v.raterId,
        level: v.level,
        ratingCount: v.count,
        ratingSum: v.sum,
        ratedAt: timestampFromDate(at),
      },
      at,
    ),
};
