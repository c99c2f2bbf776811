import type { Queryable } from '@vellum/platform';
import type { LinkColors } from './link-colors-store';

export interface CirrusRecord {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  passwordHash: string;
  image: string | null;
  imageBackground: string | null;
  location: string | null;
  summary: string | null;
  emailVerifiedAt: Date | null;
  /** When a reset link mailed to its address last set its password (see migration 0004); null: never. */
  passwordSetByLinkAt: Date | null;
  lastSessionAt: Date | null;
  createdAt: Date;
  outstandingActions: number;
  /** Its link page colours as the link service last reported them; null until it has. */
  linkColors: LinkColors | null;
}

export type NewCirrus = Pick<
  CirrusRecord,
  'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'displayName' | 'passwordHash'
>;

/** The fields a cirrus edits on its profile, as text (empty for none). */
export interface ProfileFields {
  displayName: string;
  firstName: string;
  lastName: string;
  location: string;
  summary: string;
  image: string;
  imageBackground: string;
}

export type TokenPurpose = 'verify_email' | 'reset_password';

export interface TokenRecord {
  cirrusId: string;
  purpose: TokenPurpose;
  expiresAt: Date;
  usedAt: Date | null;
}

interface CirrusRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  password_hash: string;
  image: string | null;
  image_background: string | null;
  location: string | null;
  summary: string | null;
  email_verified_at: Date | string | null;
  password_set_by_link_at: Date | string | null;
  last_session_at: Date | string | null;
  created_at: Date | string;
  outstanding_actions: number | null;
  link_background_color: string | null;
  link_item_font_color: string | null;
  link_item_background_color: string | null;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

const toRecord = (row: CirrusRow): CirrusRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  passwordHash: row.password_hash,
  image: row.image,
  imageBackground: row.image_background,
  location: row.location,
  summary: row.summary,
  emailVerifiedAt: date(row.email_verified_at),
  passwordSetByLinkAt: date(row.password_set_by_link_at),
  lastSessionAt: date(row.last_session_at),
  createdAt: date(row.created_at)!,
  outstandingActions: Number(row.outstanding_actions ?? 0),
  linkColors:
    row.link_background_color === null
      ? null
      : {
          linkBackgroundColor: row.link_background_color,
          linkItemFontColor: row.link_item_font_color!,
          linkItemBackgroundColor: row.link_item_background_color!,
        },
});

const SELECT_CIRRUS = `
  SELECT c.*, o.count AS outstanding_actions, l.background_color AS link_background_color,
         l.item_font_color AS link_item_font_color, l.item_background_color AS link_item_background_color
  FROM identity.cirri c LEFT JOIN identity.outstanding_actions o ON o.cirrus_id = c.id
       LEFT JOIN identity.link_colors l ON l.cirrus_id = c.id`;

/** Postgres access for cirri and their tokens; every function takes the connection or transaction to use. */
export const cirrusStore = {
  async insert(db: Queryable, cirrus: NewCirrus): Promise<'created' | 'username_taken' | 'email_taken'> {
    const result = await db.query<{ id: string }>(
      `INSERT INTO identity.cirri (id, username, email, first_name, last_name, display_name, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [
        cirrus.id,
        cirrus.username,
        cirrus.email,
        cirrus.firstName,
        cirrus.lastName,
        cirrus.displayName,
        cirrus.passwordHash,
      ],
    );
    if (result.rowCount === 1) return 'created';
    return (await cirrusStore.byUsername(db, cirrus.username)) ? 'username_taken' : 'email_taken';
  },

  async byId(db: Queryable, id: string): Promise<CirrusRecord | null> {
    const { rows } = await db.query<CirrusRow>(`${SELECT_CIRRUS} WHERE c.id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  },

  async byUsername(db: Queryable, username: string): Promise<CirrusRecord | null> {
    const { rows } = await db.query<CirrusRow>(`${SELECT_CIRRUS} WHERE lower(c.username) = lower($1)`, [
      username,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  },

  async byEmail(db: Queryable, email: string): Promise<CirrusRecord | null> {
    const { rows } = await db.query<CirrusRow>(`${SELECT_CIRRUS} WHERE c.email = $1`, [email]);
    return rows[0] ? toRecord(rows[0]) : null;
  },

  /**
   * Removes the account and everything identity keeps about it: its tokens (by the foreign key's cascade), its
   * projected counts and link colours, and mail still waiting for its address. The username and email are free again.
   */
  async deleteAccount(db: Queryable, cirrus: { id: string; email: string }): Promise<void> {
    await db.query(`DELETE FROM identity.mail_outbox WHERE email = $1`, [cirrus.email]);
    await db.query(`DELETE FROM identity.outstanding_actions WHERE cirrus_id = $1`, [cirrus.id]);
    await db.query(`DELETE FROM identity.link_colors WHERE cirrus_id = $1`, [cirrus.id]);
    await db.query(`DELETE FROM identity.cirri WHERE id = $1`, [cirrus.id]);
  },

  async markVerified(db: Queryable, id: string, at: Date): Promise<void> {
    await db.query(
      `UPDATE identity.cirri SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1`,
      [id, at],
    );
  },

  /** Writes the profile fields; an empty optional field is stored as null (none). */
  async updateProfile(db: Queryable, id: string, profile: ProfileFields): Promise<void> {
    const none = (text: string) => (text === '' ? null : text);
    await db.query(
      `UPDATE identity.cirri
          SET display_name = $2, first_name = $3, last_name = $4, location = $5, summary = $6, image = $7,
              image_background = $8
        WHERE id = $1`,
      [
        id,
        profile.displayName,
        profile.firstName,
        profile.lastName,
        none(profile.location),
        none(profile.summary),
        none(profile.image),
        none(profile.imageBackground),
      ],
    );
  },

  /** A new password from a reset link mailed to the account's address, which proves its mailbox chose it. */
  async setPasswordByLink(db: Queryable, id: string, passwordHash: string, at: Date): Promise<void> {
    await db.query(
      `UPDATE identity.cirri SET password_hash = $2, password_set_by_link_at = $3 WHERE id = $1`,
      [id, passwordHash, at],
    );
  },

  /** A new password chosen by the signed-in owner (the current one checked): the reset-link mark stays as it was. */
  async setPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
    await db.query(`UPDATE identity.cirri SET password_hash = $2 WHERE id = $1`, [id, passwordHash]);
  },

  async recordSession(db: Queryable, id: string, at: Date): Promise<void> {
    await db.query(`UPDATE identity.cirri SET last_session_at = $2 WHERE id = $1`, [id, at]);
  },

  async insertToken(
    db: Queryable,
    token: { hash: Buffer; cirrusId: string; purpose: TokenPurpose; expiresAt: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO identity.tokens (token_hash, cirrus_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
      [token.hash, token.cirrusId, token.purpose, token.expiresAt],
    );
  },

  /** Locks the token row so that two requests cannot both use it. */
  async tokenForUpdate(db: Queryable, hash: Buffer, purpose: TokenPurpose): Promise<TokenRecord | null> {
    const { rows } = await db.query<{
      cirrus_id: string;
      purpose: TokenPurpose;
      expires_at: Date | string;
      used_at: Date | string | null;
    }>(
      `SELECT cirrus_id, purpose, expires_at, used_at FROM identity.tokens
       WHERE token_hash = $1 AND purpose = $2 FOR UPDATE`,
      [hash, purpose],
    );
    const row = rows[0];
    return row
      ? {
          cirrusId: row.cirrus_id,
          purpose: row.purpose,
          expiresAt: new Date(row.expires_at),
          usedAt: date(row.used_at),
        }
      : null;
  },

  async useToken(db: Queryable, hash: Buffer, at: Date): Promise<void> {
    await db.query(`UPDATE identity.tokens SET used_at = $2 WHERE token_hash = $1`, [hash, at]);
  },

  /** A new link replaces the older ones of the same purpose. */
  async expireTokens(db: Queryable, cirrusId: string, purpose: TokenPurpose, at: Date): Promise<void> {
    await db.query(
      `UPDATE identity.tokens SET used_at = $3 WHERE cirrus_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [cirrusId, purpose, at],
    );
  },
};
