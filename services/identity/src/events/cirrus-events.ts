import { randomUUID } from 'node:crypto';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { appendOutbox, currentTraceparent, type Queryable } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusSignedInSchema,
  CirrusVerifiedSchema,
  packEnvelope,
  Topics,
} from '@vellum/proto';
import { SCHEMA } from '../store/migrations';

interface CirrusFacts {
  id: string;
  username: string;
}

async function emit<D extends DescMessage>(
  tx: Queryable,
  schema: D,
  cirrusId: string,
  payload: MessageInitShape<D>,
  at: Date,
) {
  const id = randomUUID();
  const value = packEnvelope({
    id,
    producer: 'identity',
    aggregateId: cirrusId,
    occurredAt: at,
    traceparent: currentTraceparent(),
    payloadSchema: schema,
    payload: create(schema, payload),
  });
  await appendOutbox(tx, SCHEMA, [
    { id, topic: Topics.identityCirrus, key: cirrusId, type: schema.typeName, value },
  ]);
}

/** Identity's events, written to its outbox inside the caller's transaction. */
export const cirrusEvents = {
  created: (
    tx: Queryable,
    c: CirrusFacts & { email: string; firstName: string; lastName: string; displayName: string },
    at: Date,
  ) =>
    emit(
      tx,
      CirrusCreatedSchema,
      c.id,
      {
        cirrusId: c.id,
        username: c.username,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        displayName: c.displayName,
        createdAt: timestampFromDate(at),
      },
      at,
    ),
  verified: (tx: Queryable, c: CirrusFacts, at: Date) =>
    emit(
      tx,
      CirrusVerifiedSchema,
      c.id,
      { cirrusId: c.id, username: c.username, verifiedAt: timestampFromDate(at) },
      at,
    ),
  signedIn: (tx: Queryable, c: CirrusFacts, at: Date) =>
    emit(
      tx,
      CirrusSignedInSchema,
      c.id,
      { cirrusId: c.id, username: c.username, signedInAt: timestampFromDate(at) },
      at,
    ),
};
