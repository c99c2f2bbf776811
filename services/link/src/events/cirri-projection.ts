import type { PoisonedMessage, Subscription } from '@vellum/platform';
import {
  CirrusCreatedSchema,
  CirrusDeletedSchema,
  CirrusProfileChangedSchema,
  CirrusVerifiedSchema,
  decodePayload,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';
import type { KnownCirrus, LinkRepository } from '../store/link-repository';

/**
 * Who is who (identity.cirrus.v1): each cirrus's username, display name and image, and whether its email is
 * verified (an unverified account's page is not public), kept on their page, each event applied once through the
 * repository's inbox (a Postgres inbox row in the same transaction, or the event id on the page document in the same
 * update). A deleted cirrus's page, versions and clicks are removed (idempotent by nature). Sign-ins change nothing.
 */
export function cirriProjection(
  pages: LinkRepository,
  park?: (poisoned: PoisonedMessage) => Promise<void>,
): Subscription {
  return {
    group: 'link',
    topics: [Topics.identityCirrus],
    handler: async (message) => {
      const envelope = unpackEnvelope(message.value);
      let cirrus: KnownCirrus | undefined;
      if (envelope.type === CirrusCreatedSchema.typeName) {
        const e = decodePayload(envelope, CirrusCreatedSchema);
        cirrus = { id: e.cirrusId, username: e.username, displayName: e.displayName };
      } else if (envelope.type === CirrusVerifiedSchema.typeName) {
        const e = decodePayload(envelope, CirrusVerifiedSchema);
        cirrus = { id: e.cirrusId, username: e.username, verified: true };
      } else if (envelope.type === CirrusProfileChangedSchema.typeName) {
        const e = decodePayload(envelope, CirrusProfileChangedSchema);
        cirrus = { id: e.cirrusId, username: e.username, displayName: e.displayName, image: e.image };
      }
      if (envelope.type === CirrusDeletedSchema.typeName) {
        await pages.removeCirrus(message.id, decodePayload(envelope, CirrusDeletedSchema).cirrusId);
      }
      if (cirrus) await pages.applyCirrus(message.id, cirrus);
    },
    ...(park && { park }),
    reset: () => pages.forgetAppliedCirri(),
  };
}
