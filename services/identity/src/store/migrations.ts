import type { Migration } from '@vellum/platform';

export const SCHEMA = 'identity';

export const migrations: Migration[] = [
  {
    id: '0001_cirri',
    sql: `
      CREATE TABLE identity.cirri (
        id uuid PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        display_name text NOT NULL,
        password_hash text NOT NULL,
        image text,
        image_background text,
        location text,
        summary text,
        email_verified_at timestamptz,
        last_session_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX cirri_username_key ON identity.cirri (lower(username));
      CREATE UNIQUE INDEX cirri_email_key ON identity.cirri (email);

      CREATE TABLE identity.tokens (
        token_hash bytea PRIMARY KEY,
        cirrus_id uuid NOT NULL REFERENCES identity.cirri (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX tokens_cirrus_idx ON identity.tokens (cirrus_id, purpose);

      -- Projection of the action service's events: how many actions each cirrus has outstanding.
      CREATE TABLE identity.outstanding_actions (
        cirrus_id uuid PRIMARY KEY,
        count integer NOT NULL DEFAULT 0
      );
    `,
  },
  {
    id: '0002_mail_outbox',
    sql: `
      -- Mail to send after the answer: a row is either requested (message NULL: the relay looks the address up and
      -- renders the message, or drops the row) or prepared (message set: the relay sends it, retrying with backoff).
      CREATE TABLE identity.mail_outbox (
        id uuid PRIMARY KEY,
        purpose text NOT NULL,
        email text NOT NULL,
        message jsonb,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_outbox_requested ON identity.mail_outbox (created_at) WHERE message IS NULL;
      CREATE INDEX mail_outbox_due ON identity.mail_outbox (next_attempt_at) WHERE message IS NOT NULL;
      CREATE INDEX mail_outbox_email ON identity.mail_outbox (email, purpose);
    `,
  },
  {
    id: '0003_link_colors',
    sql: `
      -- Projection of the link service's events: each cirrus's link page colours (GET /api/cirrus/{username}),
      -- with the page version they come from: an older event never overwrites a newer one.
      CREATE TABLE identity.link_colors (
        cirrus_id uuid PRIMARY KEY,
        background_color text NOT NULL,
        item_font_color text NOT NULL,
        item_background_color text NOT NULL,
        version integer NOT NULL
      );
    `,
  },
  {
    id: '0004_password_set_by_link',
    sql: `
      -- When the password was last set through a reset link mailed to the account's address: proof that whoever
      -- holds the mailbox chose it. An admin's first session waits for it (anyone can sign up first with an admin's
      -- address and a password of their own, and the mailbox's owner might follow that account's verification link).
      ALTER TABLE identity.cirri ADD COLUMN password_set_by_link_at timestamptz;
    `,
  },
];
