import type { CirrusRecord } from '../store/cirrus-store';

type AdminFacts = Pick<CirrusRecord, 'email' | 'emailVerifiedAt' | 'passwordSetByLinkAt'>;

const hasAdminEmail = (cirrus: AdminFacts, admins: ReadonlySet<string>) =>
  admins.has(cirrus.email.toLowerCase());

/**
 * An account named by ADMIN_EMAILS whose password nobody has yet set through a link mailed to that address. Anyone
 * can sign up first with an admin's address and a password of their own, and the address's owner may follow that
 * account's verification link: so its first session waits for a reset, which only the mailbox's owner can do.
 */
export const awaitsAdminReset = (cirrus: AdminFacts, admins: ReadonlySet<string>): boolean =>
  hasAdminEmail(cirrus, admins) && cirrus.passwordSetByLinkAt === null;

/**
 * An admin: the verified owner of an email named in ADMIN_EMAILS, whose password was set from that mailbox. A
 * username proves nothing (anyone may sign up with one first); an unverified email neither.
 */
export const isAdminCirrus = (cirrus: AdminFacts, admins: ReadonlySet<string>): boolean =>
  cirrus.emailVerifiedAt !== null && hasAdminEmail(cirrus, admins) && !awaitsAdminReset(cirrus, admins);
