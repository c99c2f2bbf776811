/**
 * Whether a cirrus is an admin, decided as identity decides `isAdmin`: it verified an email named in ADMIN_EMAILS.
 * `verifiedEmail` is what identity's events told analytics (undefined: unknown or not verified). A username proves
 * nothing, and the caller's id comes from the gateway's signed assertion, so neither can be claimed.
 */
export function isAdmin(verifiedEmail: string | undefined, adminEmails: readonly string[]): boolean {
  if (verifiedEmail === undefined) return false;
  const email = verifiedEmail.toLowerCase();
  return adminEmails.some((admin) => admin.trim().toLowerCase() === email);
}

/** The start of the window in which a sign-in makes a cirrus active. */
export const activeSince = (now: Date, days: number): Date => new Date(now.getTime() - days * 86_400_000);
