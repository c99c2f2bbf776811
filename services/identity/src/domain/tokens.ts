import { createHash, randomBytes } from 'node:crypto';
import type { TokenPurpose } from '../store/cirrus-store';

/** How long a link stays good. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

/** A link token: 32 random bytes for the mail, only its SHA-256 in the database. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export function tokenIsUsable(
  token: { usedAt: Date | null; expiresAt: Date } | null,
  now: Date,
): token is { usedAt: null; expiresAt: Date } {
  return token !== null && token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}
