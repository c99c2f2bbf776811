import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventEmitter, type EventSink } from '@vellum/platform';
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

interface CirrusFacts {
  id: string;
  username: string;
}

/**
 * Identity's one topic: keyed by the cirrus, so each account's events stay in order. No outbox schema: identity
 * emits only into units of work, whose transaction writes `identity.outbox`.
 */
const emit = eventEmitter({ producer: 'identity', topic: Topics.identityCirrus });

/**
 * Identity's events, published into the caller's unit of work (`ctx.unitOfWork`), which appends them to its outbox
 * as its transaction's last statement.
 */
export const cirrusEvents = {
  created: (
    unit: EventSink,
    c: CirrusFacts & { email: string; firstName: string; lastName: string; displayName: string },
    at: Date,
  ) =>
    emit(
      unit,
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
  verified: (unit: EventSink, c: CirrusFacts, at: Date) =>
    emit(
      unit,
      c.id,
      CirrusVerifiedSchema,
      { cirrusId: c.id, username: c.username, verifiedAt: timestampFromDate(at) },
      at,
    ),
  signedIn: (unit: EventSink, c: CirrusFacts, at: Date) =>
    emit(
      unit,
      c.id,
      CirrusSignedInSchema,
      { cirrusId: c.id, username: c.username, signedInAt: timestampFromDate(at) },
      at,
    ),
  /** One session ended (sign-out), named by its key (`sessionKeyOf`), never its id: its sockets end with it. */
  signedOut: (unit: EventSink, c: CirrusFacts, sessionKey: string, at: Date) =>
    emit(
      unit,
      c.id,
      CirrusSignedOutSchema,
      { cirrusId: c.id, username: c.username, sessionKey, signedOutAt: timestampFromDate(at) },
      at,
    ),
  /** Every session of the account ended at once (a password reset), each named by its key. */
  sessionsEnded: (unit: EventSink, c: CirrusFacts, sessionKeys: readonly string[], at: Date) =>
    emit(
      unit,
      c.id,
      CirrusSessionsEndedSchema,
      { cirrusId: c.id, username: c.username, sessionKeys: [...sessionKeys], endedAt: timestampFromDate(at) },
      at,
    ),
  /** The full new profile (not a diff), for every service that shows a name or an avatar. */
  profileChanged: (unit: EventSink, c: CirrusFacts & ProfileFields, at: Date) =>
    emit(
      unit,
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
  deleted: (unit: EventSink, c: CirrusFacts, at: Date) =>
    emit(
      unit,
      c.id,
      CirrusDeletedSchema,
      { cirrusId: c.id, username: c.username, deletedAt: timestampFromDate(at) },
      at,
    ),
};
