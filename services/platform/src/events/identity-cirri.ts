import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
} from '@vellum/proto';
import { whenEvent, type DeliveredCase } from './declared-subscription';

/** What one of identity's events says of a cirrus: `displayName` and `image` only when the event carries them. */
export interface CirrusWord {
  id: string;
  username: string;
  displayName?: string;
  image?: string;
  /** CirrusVerified: the email is verified (never taken back). */
  verified?: true;
}

/** A store that keeps identity's word on cirri, applying each event once by its id (its own inbox). */
export interface CirriByEvent {
  applyCirrus(eventId: string, cirrus: CirrusWord): Promise<boolean>;
  removeCirrus(eventId: string, cirrusId: string): Promise<void>;
}

/**
 * The cases of identity's cirri for a store with its own inbox (link's and messaging's, on MongoDB or Postgres;
 * `cirriReadModel` is the Postgres block for a service's own table): created, verified and profile changed each
 * apply what they say, a deletion removes the cirrus. Sign-ins change nothing.
 */
export function identityCirriCases(store: CirriByEvent): DeliveredCase[] {
  const apply = (eventId: string, cirrus: CirrusWord) =>
    store.applyCirrus(eventId, cirrus).then(() => undefined);
  return [
    whenEvent(CirrusCreatedSchema, (e, { eventId }) =>
      apply(eventId, { id: e.cirrusId, username: e.username, displayName: e.displayName }),
    ),
    whenEvent(CirrusVerifiedSchema, (e, { eventId }) =>
      apply(eventId, { id: e.cirrusId, username: e.username, verified: true }),
    ),
    whenEvent(CirrusProfileChangedSchema, (e, { eventId }) =>
      apply(eventId, { id: e.cirrusId, username: e.username, displayName: e.displayName, image: e.image }),
    ),
    whenEvent(CirrusDeletedSchema, (e, { eventId }) => store.removeCirrus(eventId, e.cirrusId)),
  ];
}
