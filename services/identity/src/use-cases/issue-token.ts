import type { Queryable } from '@vellum/platform';
import { newToken, TOKEN_LIFETIME_MS } from '../domain/tokens';
import { cirrusStore, type TokenPurpose } from '../store/cirrus-store';

/**
 * Makes a fresh link token (older ones of the same purpose stop working) and returns it for the mail. A step of a
 * use case, not one itself: it runs inside its caller's transaction (sign-up, and the mail relay preparing a
 * requested link), where the rules (`domain/tokens`) meet the store.
 */
export async function issueToken(
  db: Queryable,
  cirrusId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const { token, hash } = newToken();
  await cirrusStore.expireTokens(db, cirrusId, purpose, now);
  await cirrusStore.insertToken(db, {
    hash,
    cirrusId,
    purpose,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}
