import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventEmitter, type Queryable } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusSessionsEndedSchema,
  CirrusSignedInSchema,
  CirrusSignedOutSchema,
  CirrusVerifiedSchema,
  Topics,
} from '@vellum/proto';
import type { ProfileFields } from '../store/cirrus-store';
import { SCHEMA } from '../store/migrations';

interface CirrusFacts {
  id: string;
  username: string;
}

/** Identity's one topic: keyed by the cirrus, so each account's events stay in order. */
const emit = eventEmitter({ schema: SCHEMA, producer: 'identity', topic: Topics.identityCirrus });

/** Identity's events, written to its outbox inside the caller's transaction. */
export const cirrusEvents = {
  created: (
    tx: Queryable,
    c: CirrusFacts & { email: string; firstName: string; lastName: string; displayName: string },
    at: Date,
  ) =>
    emit(
      tx,
      c.id,
      CirrusCreatedSchema,
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
      c.id,
      CirrusVerifiedSchema,
      { cirrusId: c.id, username: c.username, verifiedAt: timestampFromDate(at) },
      at,
    ),
  signedIn: (tx: Queryable, c: CirrusFacts, at: Date) =>
    emit(
      tx,
      c.id,
      CirrusSignedInSchema,
      { cirrusId: c.id, username: c.username, signedInAt: timestampFromDate(at) },
      at,
    ),
  /** One session ended (sign-out), named by its key (`sessionKeyOf`), never its id: its sockets end with it. */
  signedOut: (tx: Queryable, c: CirrusFacts, sessionKey: string, at: Date) =>
    emit(
      tx,
      c.id,
      CirrusSignedOutSchema,
      { cirrusId: c.id, username: c.username, sessionKey, signedOutAt: timestampFromDate(at) },
      at,
    ),
  /** Every session of the account ended at once (a password reset), each named by its key. */
  sessionsEnded: (tx: Queryable, c: CirrusFacts, sessionKeys: readonly string[], at: Date) =>
    emit(
      tx,
      c.id,
      CirrusSessionsEndedSchema,
      { cirrusId: c.id, username: c.username, sessionKeys: [...sessionKeys], endedAt: timestampFromDate(at) },
      at,
    ),
  /** The full new profile (not a diff), for every service that shows a name or an avatar. */
  profileChanged: (tx: Queryable, c: CirrusFacts & ProfileFields, at: Date) =>
    emit(
      tx,
      c.id,
      CirrusProfileChangedSchema,
      {
        cirrusId: c.id,
        username: c.username,
        displayName: c.displayName,
        firstName: c.firstName,
        lastName: c.lastName,
        image: c.image,
        location: c.location,
        summary: c.summary,
      },
      at,
    ),
  /** The account is gone: every service removes or anonymises what it holds of this cirrus. */
  deleted: (tx: Queryable, c: CirrusFacts, at: Date) =>
    emit(
      tx,
      c.id,
      CirrusDeletedSchema,
      { cirrusId: c.id, username: c.username, deletedAt: timestampFromDate(at) },
      at,
    ),
};
